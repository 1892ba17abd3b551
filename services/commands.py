"""Write side: create, join, start, play; each a decide/append loop with optimistic concurrency."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Any

import msgspec

from domain.games.registry import GAMES
from domain.kernel import table as tables
from domain.kernel.bots import LEVELS
from domain.kernel.errors import RuleViolation
from domain.kernel.events import PlayerJoined
from domain.kernel.table import Table
from domain.kernel.viewer import SPECTATOR, seat_viewer
from services.auth import Principal, check_api_key, identify, new_token, token_hash
from services.codec import codec
from services.config import ServiceConfig
from services.errors import (
    BadRequest,
    Conflict,
    Forbidden,
    NotFound,
    PreconditionFailed,
    ServiceError,
    Unauthorized,
    Unavailable,
)
from services.keys import PortalKeys
from services.ports import (
    ConcurrencyConflict,
    DuplicateCommand,
    GameRecord,
    Idempotency,
    StoreUnavailable,
)
from services.repository import Repository

SEED_HEX = re.compile(r"^[0-9a-fA-F]{64}$")
IDEMPOTENCY_KEY = re.compile(r"^[\x21-\x7e]{1,200}$")

Decision = Callable[[Table[Any]], list[Any]]


class Committed(msgspec.Struct, frozen=True):
    table: Table[Any]
    events: list[Any]
    first_version: int
    response: bytes = b""


def principal_of(record: GameRecord, token: str | None) -> Principal:
    principal = identify(record, token)
    if principal is None:
        raise Unauthorized("this token is not valid for this game", code="invalid_token")
    return principal


class GameCommands:
    def __init__(self, repo: Repository, config: ServiceConfig, keys: PortalKeys | None = None) -> None:
        self.repo = repo
        self.config = config
        self.keys = keys

    # --- create, join, start -------------------------------------------------------------------------

    async def create(
        self,
        game: str,
        players: int,
        options: dict[str, Any] | None,
        seed_hex: str | None,
        api_key: str | None,
        turn_seconds: int | None = None,
        owner: str | None = None,
    ) -> dict[str, Any]:
        key_id = owner  # a rematch belongs to the key of the game it follows
        if owner is None and self.keys is not None:
            key_id = await self.keys.for_creation(api_key)
        elif owner is None and self.config.api_keys:
            key_id = check_api_key(api_key, self.config.api_keys)
            if key_id is None:
                raise Unauthorized("creating a game needs a valid X-API-Key", code="invalid_api_key")
        rules = GAMES.get(game)
        if rules is None:
            raise RuleViolation("unknown_game", f"no game named {game!r}", {"games": sorted(GAMES)})
        seed = self._seed(seed_hex)
        game_id = secrets.token_hex(8)
        admin_token = new_token()
        events = tables.create(rules, game_id, players, options, seed, turn_seconds)
        game_codec = codec(game)
        record = GameRecord(
            game_id=game_id,
            game=game,
            seed=seed,
            admin_token_hash=token_hash(admin_token),
            seat_token_hashes={},
            api_key_id=key_id,
        )
        try:
            await self.repo.store.create(record, [game_codec.new_event(e) for e in events], {"actor": "admin"})
        except StoreUnavailable as exc:
            raise Unavailable("the event store is unavailable") from exc
        table = tables.initial(events[0])
        await self.repo.project(table)
        return {
            "game_id": game_id,
            "game": game,
            "admin_token": admin_token,
            "version": table.version,
            "players": players,
            "options": table.options,
            "seed_commitment": table.seed_commitment,
        }

    def _seed(self, seed_hex: str | None) -> bytes:
        if seed_hex is None:
            return secrets.token_bytes(32)
        if not self.config.allow_client_seeds:
            raise Forbidden("this server does not accept client seeds", code="client_seed_not_allowed")
        if not SEED_HEX.match(seed_hex):
            raise BadRequest("seed must be 64 hex characters", code="invalid_seed")
        return bytes.fromhex(seed_hex)

    async def join(
        self, game_id: str, token: str | None, name: str | None, seat: int | None, bot: str | None
    ) -> dict[str, Any]:
        record = await self.repo.record(game_id)
        if bot is not None:
            if principal_of(record, token).role != "admin":
                raise Forbidden("only the game's admin seats bots", code="admin_only")
            if bot not in LEVELS:
                raise RuleViolation("unknown_bot", f"bot levels are {', '.join(LEVELS)}", {"levels": list(LEVELS)})
            name = name or f"{bot} bot"
        if name is None:
            raise BadRequest("a player needs a name", code="invalid_body")
        player_token = new_token() if bot is None else None

        def decision(table: Table[Any]) -> list[Any]:
            return tables.join(table, name, seat, bot)

        joined_seat = -1

        def token_for(events: list[Any]) -> tuple[int, bytes] | None:
            nonlocal joined_seat
            joined = events[0]
            assert isinstance(joined, PlayerJoined)
            joined_seat = joined.seat
            return (joined.seat, token_hash(player_token)) if player_token else None

        committed = await self._commit_loop(record, decision, {"actor": "lobby"}, seat_token=token_for)
        self.repo.forget(game_id)
        answer: dict[str, Any] = {"seat": joined_seat, "version": committed.table.version}
        if player_token is not None:
            answer["player_token"] = player_token
        else:
            answer["bot"] = bot
        return answer

    async def start(self, game_id: str, token: str | None) -> Table[Any]:
        record = await self.repo.record(game_id)
        if principal_of(record, token).role != "admin":
            raise Forbidden("only the game's admin starts it", code="admin_only")
        rules = codec(record.game).rules

        def decision(table: Table[Any]) -> list[Any]:
            return tables.start(rules, table, record.seed)

        committed = await self._commit_loop(record, decision, {"actor": "admin"})
        return await self.run_bots(record, committed.table)

    # --- commands ------------------------------------------------------------------------------------

    async def command(
        self, game_id: str, token: str | None, body: bytes, if_match: int | None, idempotency_key: str | None
    ) -> bytes:
        record = await self.repo.record(game_id)
        if token is None:
            raise Unauthorized("a command needs a player token", code="missing_token")
        principal = identify(record, token)
        if principal is None:
            record = await self.repo.record(game_id, refresh=True)  # a seat may have joined since we cached
            principal = principal_of(record, token)
        if principal.role != "player" or principal.seat is None:
            raise Forbidden("only a seated player sends commands", code="not_a_player")
        seat = principal.seat
        game_codec = codec(record.game)
        try:
            command = game_codec.command(body)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            raise BadRequest(str(exc), code="invalid_command") from exc
        if idempotency_key is not None:
            if not IDEMPOTENCY_KEY.match(idempotency_key):
                raise BadRequest("Idempotency-Key: 1 to 200 visible ASCII characters", code="invalid_idempotency_key")
            stored = await self._stored(game_id, principal.scope, idempotency_key)
            if stored is not None:
                return stored
        rules = game_codec.rules

        def decision(table: Table[Any]) -> list[Any]:
            if if_match is not None and table.version != if_match:
                raise PreconditionFailed(
                    f"the game is at version {table.version}, not {if_match}",
                    details={"version": table.version},
                )
            tables.check_human(table, seat)
            return tables.play(rules, table, seat, command, record.seed)

        def response(table: Table[Any], events: list[Any], first: int) -> bytes:
            return self.events_response(table, events, first, seat)

        try:
            committed = await self._commit_loop(
                record,
                decision,
                {"actor": seat, "scope": principal.scope},
                idempotency=(principal.scope, idempotency_key) if idempotency_key else None,
                respond=response,
                cached=if_match is None,
            )
        except DuplicateCommand as duplicate:
            return duplicate.response
        await self.run_bots(record, committed.table)
        return committed.response

    async def _stored(self, game_id: str, scope: str, key: str) -> bytes | None:
        try:
            return await self.repo.store.stored_response(game_id, scope, key)
        except StoreUnavailable as exc:
            raise Unavailable("the event store is unavailable") from exc

    @staticmethod
    def events_response(table: Table[Any], events: list[Any], first: int, seat: int | None) -> bytes:
        game_codec = codec(table.game)
        viewer = seat_viewer(seat) if seat is not None else SPECTATOR
        shown = [
            {
                "version": first + i,
                "type": type(e).__name__,
                "data": game_codec.data(tables.redact(game_codec.rules, table, e, viewer)),
            }
            for i, e in enumerate(events)
        ]
        return msgspec.json.encode({"version": table.version, "events": shown})

    # --- bots ----------------------------------------------------------------------------------------

    async def run_bots(self, record: GameRecord, table: Table[Any]) -> Table[Any]:
        """Play every bot that has a move, through the same append path as a human."""
        rules = codec(record.game).rules
        for _ in range(self.config.bot_moves_per_command):
            chosen = tables.next_bot_move(rules, table, record.seed)
            if chosen is None:
                return table

            def decision(current: Table[Any], chosen: tables.BotMove = chosen, seen: int = table.version) -> list[Any]:
                # on a table that moved meanwhile (another process), the bot looks again
                again = chosen if current.version == seen else tables.next_bot_move(rules, current, record.seed)
                if again is None or again.seat != chosen.seat:
                    return []
                return tables.play(rules, current, again.seat, again.command, record.seed)

            metadata = {"actor": chosen.seat, "bot": chosen.level}
            committed = await self._commit_loop(record, decision, metadata, start_from=table)
            if not committed.events and committed.table.version == table.version:
                return table
            table = committed.table
        return table

    # --- the loop ------------------------------------------------------------------------------------

    async def _commit_loop(
        self,
        record: GameRecord,
        decide: Decision,
        metadata: dict[str, Any],
        idempotency: tuple[str, str] | None = None,
        seat_token: Callable[[list[Any]], tuple[int, bytes] | None] | None = None,
        respond: Callable[[Table[Any], list[Any], int], bytes] | None = None,
        start_from: Table[Any] | None = None,
        cached: bool = False,
    ) -> Committed:
        game_codec = codec(record.game)
        rules = game_codec.rules
        if start_from is not None:
            table = start_from
        elif cached:
            table = await self.repo.table_to_write(record)
        else:
            table = await self.repo.table(record)
        unverified = cached and start_from is None
        for attempt in range(self.config.command_retries):
            try:
                events = decide(table)
            except (RuleViolation, ServiceError):
                if not unverified:
                    raise
                # a refusal must not come from this process' stale copy: decide again on the stream's head
                unverified = False
                table = await self.repo.catch_up(table)
                events = decide(table)
            if not events:
                return Committed(table=table, events=[], first_version=table.version + 1)
            after = table
            for event in events:
                after = tables.evolve(rules, after, event)
            body = respond(after, events, table.version + 1) if respond else b""
            try:
                await self.repo.store.append(
                    record.game_id,
                    table.version,
                    [game_codec.new_event(e) for e in events],
                    {**metadata, "attempt": attempt},
                    Idempotency(scope=idempotency[0], key=idempotency[1], response=body) if idempotency else None,
                    seat_token(events) if seat_token else None,
                )
            except ConcurrencyConflict:
                table = await self.repo.catch_up(table)
                continue
            except StoreUnavailable as exc:
                raise Unavailable("the event store is unavailable") from exc
            await self.repo.project(after)
            return Committed(table=after, events=events, first_version=table.version + 1, response=body)
        raise Conflict("too many concurrent changes to this game; try again", code="conflict")


__all__ = ["GameCommands", "NotFound"]
