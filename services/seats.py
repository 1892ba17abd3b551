"""Seats over time: leaving the lobby, the admin removing a seat, forfeiting to a bot, the rematch with the same seats.

A rematch is claimed before it is created: `RematchCreated` with the new game's id, decided up front, is appended to
the finished game under its expected version, so of concurrent requests exactly one claims it (the others are
refused `rematch_exists` with its id); the claimer then creates the game with that id, its seats taken, in one
append. A claim whose game was never created (its process died in between) is completed by the next rematch
request. No orphan game exists, and no token of the rematch is kept in plaintext anywhere: each person's token in
the rematch is derived from their token in the finished game (`rematch_token_for`), handed over to the holder of that
token only (on the finished game's stream, or `POST /rematch/token`), and stored as a hash when first handed over.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Any

from domain.kernel import table as tables
from domain.kernel.errors import RuleViolation, refuse
from domain.kernel.table import Seat, Table
from domain.kernel.table_commands import Forfeit, Join, Leave, Rematch, RemoveSeat
from services.access import admin, seated_player
from services.auth import token_hash
from services.bots import BotPlayer
from services.codec import codec
from services.commands import Founding, GameCommands
from services.errors import Conflict, NotFound, ServiceError
from services.ports import SYSTEM_CLOCK, Clock, GameRecord, ProjectionUnavailable, RecordNews, StoreUnavailable
from services.repository import Repository
from services.results import RematchBody, RematchSeat, RematchToken, SeatChange
from services.transact import Carried, Revoke, Transactor
from services.writes import ADMIN, player

REMATCH_LABEL = "tapis-rematch-v1"
# how long a hand-over waits for a rematch claimed a moment ago to be created (its claimer creates it right after)
REMATCH_CREATION_WAIT = 3.0


def rematch_token_for(token: str, rematch_id: str, seat: int) -> str:
    """The seat's token in the rematch: HMAC-SHA256 keyed by its token in the finished game, so only that token's
    holder can have it, the server keeps nothing it could be read from, and handing it over again (a stream that
    reconnects) gives the same token. 256 bits, URL-safe base64, as every token."""
    digest = hmac.new(token.encode(), f"{REMATCH_LABEL}:{rematch_id}:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def rematch_names(seats: list[Seat | None]) -> list[str]:
    """The seats' names again, each valid and unique: a game recorded before names were checked may repeat one (two
    "smart bot"s) or hold one refused now; such a seat gets "smart bot 2", or "player 3" for a name refused."""
    names: list[str] = []
    keys: set[str] = set()
    for seat, taken in enumerate(seats):
        assert taken is not None  # a finished game had every seat taken
        try:
            base = tables.normal_name(taken.name)
        except RuleViolation:
            base = f"{taken.bot} bot" if taken.bot else f"player {seat + 1}"
        name, count = base, 1
        while tables.name_key(name) in keys:
            count += 1
            suffix = f" {count}"
            name = base[: tables.NAME_MAX - len(suffix)].rstrip() + suffix
        keys.add(tables.name_key(name))
        names.append(name)
    return names


class SeatCommands:
    def __init__(
        self,
        transactor: Transactor,
        bots: BotPlayer,
        lobby: GameCommands,
        news: RecordNews,
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        self.clock = clock  # the rematch's creation is waited for on it
        self.transactor = transactor
        self.repo: Repository = transactor.repo
        self.bots = bots
        self.lobby = lobby
        self.news = news
        self.creation_wait = REMATCH_CREATION_WAIT

    async def leave(self, game_id: str, token: str | None) -> SeatChange:
        """Give the seat up in the lobby: its token is forgotten in the same append as `PlayerLeft`."""
        record, seat = await seated_player(self.repo, game_id, token, "leaves")
        rules = codec(record.game).rules

        def decision(table: Table[Any]) -> tuple[None, list[Any]]:
            return None, tables.accept(rules, table, Leave(seat=seat), "player", record.seed)

        left = await self.transactor.on(record).transact(decision, player(seat), carried=Carried(token=Revoke(seat)))
        await self._forget(game_id)
        return SeatChange(seat=seat, version=left.table.version)

    async def remove(self, game_id: str, token: str | None, seat: int) -> SeatChange:
        """The admin frees a seat in the lobby (a person's or a bot's): its token is forgotten in the same append as
        the `PlayerLeft`, and it stops working in every process, as after a leave."""
        record = await admin(self.repo, game_id, token, "removes a seat")
        rules = codec(record.game).rules

        def decision(table: Table[Any]) -> tuple[None, list[Any]]:
            return None, tables.accept(rules, table, RemoveSeat(seat=seat), "admin", record.seed)

        removed = await self.transactor.on(record).transact(decision, ADMIN, carried=Carried(token=Revoke(seat)))
        await self._forget(game_id)
        return SeatChange(seat=seat, version=removed.table.version)

    async def _forget(self, game_id: str) -> None:
        self.repo.forget(game_id)  # the seat's token is gone, here and, once told, in every other process
        await self.news.announce(game_id)

    async def forfeit(self, game_id: str, token: str | None) -> SeatChange:
        """Leave a running game: a smart bot plays the seat from now on."""
        record, seat = await seated_player(self.repo, game_id, token, "forfeits")
        rules = codec(record.game).rules

        def decision(table: Table[Any]) -> tuple[None, list[Any]]:
            return None, tables.accept(rules, table, Forfeit(seat=seat), "player", record.seed)

        forfeited = await self.transactor.on(record).transact(decision, player(seat))
        table = await self.bots.play(record, forfeited.table)
        return SeatChange(seat=seat, version=table.version, bot=tables.TAKEOVER_BOT)

    async def rematch(self, game_id: str, token: str | None) -> RematchBody:
        """The next game with the same seats (names, bots), options, turn timer, owner and privacy: claimed on the
        finished game first, then created whole. Each person takes their new token with their old one."""
        record = await admin(self.repo, game_id, token, "asks for a rematch")
        table = await self.repo.table(record)
        if table.rematch is not None and not await self.repo.exists(table.rematch):
            # claimed, and never created: the claimer died in between (or is creating it this very moment; then
            # one of the two creations lands, and the other is told `rematch_exists`)
            return await self._create(self._founding(record, table, table.rematch), table.rematch)
        tables.rematch(table, "")  # a game still running, or one with its rematch already: refused, nothing stored
        rematch_id = secrets.token_hex(8)
        founding = self._founding(record, table, rematch_id)
        founding.decide(table)  # its refusals (none expected: the seats come from a game played) before the claim
        rules = codec(record.game).rules

        def claim(current: Table[Any]) -> tuple[None, list[Any]]:
            return None, tables.accept(rules, current, Rematch(game_id=rematch_id), "admin", record.seed)

        await self.transactor.on(record).transact(claim, ADMIN)  # lost to another request: rematch_exists
        return await self._create(founding, rematch_id)

    def _founding(self, record: GameRecord, table: Table[Any], rematch_id: str) -> Founding:
        names = rematch_names(table.seats)
        seats = [
            Join(name=name, seat=seat, bot=taken.bot if taken is not None else None)
            for seat, (name, taken) in enumerate(zip(names, table.seats, strict=True))
        ]
        return self.lobby.founding(
            codec(record.game).rules,
            rematch_id,
            table.players,
            table.options,
            secrets.token_bytes(32),
            "server",
            table.turn_seconds,
            record.api_key_id,
            table.private,
            seats,
        )

    async def _create(self, founding: Founding, rematch_id: str) -> RematchBody:
        try:
            created, decided = await self.lobby.found(founding)
        except Conflict:
            # created meanwhile, by another request that found the claim without its game
            raise refuse("rematch_exists", f"the rematch is {rematch_id}", {"game_id": rematch_id}) from None
        seats = [
            RematchSeat(seat=seat, name=taken.name, bot=taken.bot)
            for seat, taken in enumerate(decided.seats)
            if taken is not None
        ]
        return RematchBody(
            game_id=created.game_id,
            admin_token=created.admin_token,
            version=created.version,
            seats=seats,
            join_code=created.join_code,
        )

    async def hand_over(self, game_id: str, token: str | None) -> RematchToken:
        """The bearer's seat token in the rematch of this finished game (`POST /v1/games/{id}/rematch/token`): the
        same token however often it is asked for; stored as its hash the first time."""
        record, seat = await seated_player(self.repo, game_id, token, "takes a seat in the rematch")
        assert token is not None  # a seated player's
        table = await self.repo.table(record)
        if table.rematch is None:
            raise refuse("no_rematch", "this game has no rematch (yet)")
        handed = rematch_token_for(token, table.rematch, seat)
        await self._grant(table.rematch, seat, handed)
        return RematchToken(game_id=table.rematch, seat=seat, player_token=handed)

    async def rematch_token(self, game_id: str, seat: int, token: str | None) -> str | None:
        """For the finished game's stream, on `RematchCreated`: the seat's new token, or None when it cannot be
        handed over now (the rematch never created, the seat given away since, a store down)."""
        try:
            handed = await self.hand_over(game_id, token)
        except (ServiceError, RuleViolation, StoreUnavailable, ProjectionUnavailable):
            return None
        return handed.player_token if handed.seat == seat else None

    async def _grant(self, rematch_id: str, seat: int, handed: str) -> None:
        """Store the handed token's hash for the seat, once: only while the seat is still the person's, on the
        rematch's version the check was made on (a seat removed meanwhile is never given a token)."""
        presented = token_hash(handed)
        record = await self._created(rematch_id)
        for _ in range(self.transactor.retries):
            stored = record.seat_token_hashes.get(seat)
            if stored is not None:
                if hmac.compare_digest(stored, presented):
                    return  # handed over before
                raise refuse("seat_gone", f"seat {seat} of the rematch is someone else's now")
            table = await self.repo.catch_up(await self.repo.table(record))
            taken = table.seats[seat] if seat < len(table.seats) else None
            if taken is None or taken.bot is not None:
                raise refuse("seat_gone", f"seat {seat} of the rematch is no longer this player's")
            if await self.repo.grant_seat_token(rematch_id, table.version, seat, presented):
                self.repo.forget(rematch_id)  # the cached record lacks the token; other processes look it up again
                return
            record = await self.repo.record(rematch_id, refresh=True)
        raise Conflict("the rematch kept moving; try again", code="conflict")

    async def _created(self, rematch_id: str) -> GameRecord:
        """The rematch's record, once its claimer has created it (a moment after the claim)."""
        deadline = self.clock.monotonic() + self.creation_wait
        while True:
            try:
                return await self.repo.record(rematch_id, refresh=True)
            except NotFound:
                if self.clock.monotonic() >= deadline:
                    raise refuse("no_rematch", "the rematch is not created yet: try again") from None
                await self.clock.sleep(0.05)
