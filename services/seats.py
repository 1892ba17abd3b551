"""Seats over time: leaving the lobby, forfeiting to a bot, the rematch with the same seats."""

from __future__ import annotations

from typing import Any, Protocol

from domain.kernel import table as tables
from domain.kernel.table import Table
from services.codec import codec
from services.commands import GameCommands, principal_of
from services.errors import Conflict, Forbidden, Unauthorized, Unavailable
from services.ports import ConcurrencyConflict, GameRecord, NewEvent, ProjectionUnavailable, StoreUnavailable

REMATCH_TOKEN_SECONDS = 3600


class SeatStore(Protocol):
    async def leave(
        self, game_id: str, expected_version: int, events: list[NewEvent], metadata: dict[str, Any], seat: int
    ) -> None:
        """Append the events and forget the seat's token, in one transaction."""


class Mailbox(Protocol):
    """Short-lived per-seat secrets handed over by the seat's live stream (the rematch's new token)."""

    async def put(self, game_id: str, seat: int, value: str, ttl_seconds: int) -> None: ...

    async def get(self, game_id: str, seat: int) -> str | None: ...


class RecordNews(Protocol):
    """Tells the other API processes that a game's record changed, so they drop their cached copy."""

    async def announce(self, game_id: str) -> None: ...


class SeatCommands:
    def __init__(self, commands: GameCommands, seat_store: SeatStore, mailbox: Mailbox, news: RecordNews) -> None:
        self.commands = commands
        self.repo = commands.repo
        self.seat_store = seat_store
        self.mailbox = mailbox
        self.news = news

    async def _player(self, game_id: str, token: str | None) -> tuple[GameRecord, int]:
        record = await self.repo.record(game_id)
        if token is None:
            raise Unauthorized("this needs a player token", code="missing_token")
        try:
            principal = principal_of(record, token)
        except Unauthorized:  # a seat may have joined since the record was cached
            record = await self.repo.record(game_id, refresh=True)
            principal = principal_of(record, token)
        if principal.role != "player" or principal.seat is None:
            raise Forbidden("only a seated player does this", code="not_a_player")
        return record, principal.seat

    async def leave(self, game_id: str, token: str | None) -> dict[str, Any]:
        record, seat = await self._player(game_id, token)
        game_codec = codec(record.game)
        table = await self.repo.table(record)
        for attempt in range(self.commands.config.command_retries):
            events = tables.leave(table, seat)
            after = table
            for event in events:
                after = tables.evolve(game_codec.rules, after, event)
            try:
                await self.seat_store.leave(
                    game_id,
                    table.version,
                    [game_codec.new_event(e) for e in events],
                    {"actor": seat, "scope": f"seat:{seat}", "attempt": attempt},
                    seat,
                )
            except ConcurrencyConflict:
                table = await self.repo.catch_up(table)
                continue
            except StoreUnavailable as exc:
                raise Unavailable("the event store is unavailable") from exc
            await self.repo.project(after)
            self.repo.forget(game_id)  # the seat's token is gone, here and, once told, in every other process
            await self.news.announce(game_id)
            return {"seat": seat, "version": after.version}
        raise Conflict("too many concurrent changes to this game; try again", code="conflict")

    async def forfeit(self, game_id: str, token: str | None) -> dict[str, Any]:
        record, seat = await self._player(game_id, token)

        def decision(table: Table[Any]) -> list[Any]:
            return tables.forfeit(table, seat)

        committed = await self.commands._commit_loop(record, decision, {"actor": seat, "scope": f"seat:{seat}"})
        table = await self.commands.run_bots(record, committed.table)
        return {"seat": seat, "version": table.version, "bot": tables.TAKEOVER_BOT}

    async def rematch(self, game_id: str, token: str | None) -> dict[str, Any]:
        record = await self.repo.record(game_id)
        if principal_of(record, token).role != "admin":
            raise Forbidden("only the game's admin asks for a rematch", code="admin_only")
        table = await self.repo.table(record)
        tables.rematch(table, "")  # refuses a game still running, or one with its rematch already
        created = await self.commands.create(
            table.game,
            table.players,
            table.options,
            None,
            None,
            turn_seconds=table.turn_seconds,
            owner=record.api_key_id,
        )
        next_id, admin = created["game_id"], created["admin_token"]
        seats = []
        version = created["version"]
        for seat, taken in enumerate(table.seats):
            assert taken is not None  # a finished game had every seat taken
            joined = await self.commands.join(next_id, admin if taken.bot else None, taken.name, seat, taken.bot)
            version = joined["version"]
            if "player_token" in joined:
                # before RematchCreated is appended: the seat's stream looks for it when it sees the event
                await self._deliver(game_id, seat, joined["player_token"])
            seats.append({"seat": seat, "name": taken.name, **({"bot": taken.bot} if taken.bot else {})})

        def decision(current: Table[Any]) -> list[Any]:
            return tables.rematch(current, next_id)

        await self.commands._commit_loop(record, decision, {"actor": "admin"})
        return {"game_id": next_id, "admin_token": admin, "version": version, "seats": seats}

    async def _deliver(self, game_id: str, seat: int, player_token: str) -> None:
        try:
            await self.mailbox.put(game_id, seat, player_token, REMATCH_TOKEN_SECONDS)
        except ProjectionUnavailable as exc:
            raise Unavailable("cannot hand the new tokens over: Redis is unavailable") from exc

    async def rematch_token(self, game_id: str, seat: int) -> str | None:
        try:
            return await self.mailbox.get(game_id, seat)
        except ProjectionUnavailable:
            return None
