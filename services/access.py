"""Who is asking: the bearer's token matched against a game's record, once, for every use case."""

from __future__ import annotations

from services.auth import SPECTATOR, Principal, identify
from services.errors import Forbidden, Unauthorized
from services.export_check import tokenless
from services.ports import GameRecord
from services.repository import Repository


def principal_of(record: GameRecord, token: str | None) -> Principal:
    principal = identify(record, token)
    if principal is None:
        raise Unauthorized("this token is not valid for this game", code="invalid_token")
    return principal


async def bearer(repo: Repository, game_id: str, token: str | None) -> tuple[GameRecord, Principal]:
    """The game's record and who the token belongs to; a token unknown to the cached record is looked up
    again, since a seat may have joined since this process cached it."""
    return await bearer_of(repo, await repo.record(game_id), token)


async def bearer_of(repo: Repository, record: GameRecord, token: str | None) -> tuple[GameRecord, Principal]:
    """`bearer`, given the record the caller loaded already."""
    principal = identify(record, token)
    if principal is None and tokenless(record):
        # an imported or archived game kept no tokens: its players' old ones read it as anyone does (it is
        # finished, so nothing is hidden from anyone)
        return record, SPECTATOR
    if principal is None:
        record = await repo.record(record.game_id, refresh=True)
        principal = principal_of(record, token)
    return record, principal


async def seated_player(repo: Repository, game_id: str, token: str | None, what: str) -> tuple[GameRecord, int]:
    """The record and the seat of a seated player's token; anyone else is refused (`what`: "sends commands")."""
    # an unknown game is a 404 before a missing token is a 401
    return await seated(repo, await repo.record(game_id), token, what)


async def seated(repo: Repository, record: GameRecord, token: str | None, what: str) -> tuple[GameRecord, int]:
    """`seated_player`, given the record the caller loaded already (read again only for a token it lacks)."""
    if token is None:
        raise Unauthorized(f"a player token is needed: only a seated player {what}", code="missing_token")
    record, principal = await bearer_of(repo, record, token)
    if principal.role != "player" or principal.seat is None:
        raise Forbidden(f"only a seated player {what}", code="not_a_player")
    return record, principal.seat


async def admin(repo: Repository, game_id: str, token: str | None, doing: str) -> GameRecord:
    """The record of a game whose admin token this is; anyone else is refused."""
    record, principal = await bearer(repo, game_id, token)
    if principal.role != "admin":
        raise Forbidden(f"only the game's admin {doing}", code="admin_only")
    return record
