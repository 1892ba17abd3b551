"""Seats over time: leaving the lobby, forfeiting to a bot, the rematch with the same seats."""

from __future__ import annotations

from typing import Any

from domain.kernel import table as tables
from domain.kernel.table import Table
from domain.kernel.table_commands import Forfeit, Leave, Rematch
from services.access import admin, seated_player
from services.bots import BotPlayer
from services.codec import codec
from services.commands import GameCommands
from services.errors import Unavailable
from services.ports import Mailbox, ProjectionUnavailable, RecordNews
from services.repository import Repository
from services.results import RematchBody, RematchSeat, SeatChange
from services.transact import Revoke, Transactor

REMATCH_TOKEN_SECONDS = 3600


class SeatCommands:
    def __init__(
        self, transactor: Transactor, bots: BotPlayer, lobby: GameCommands, mailbox: Mailbox, news: RecordNews
    ) -> None:
        self.transactor = transactor
        self.repo: Repository = transactor.repo
        self.bots = bots
        self.lobby = lobby
        self.mailbox = mailbox
        self.news = news

    async def leave(self, game_id: str, token: str | None) -> SeatChange:
        """Give the seat up in the lobby: its token is forgotten in the same append as `PlayerLeft`."""
        record, seat = await seated_player(self.repo, game_id, token, "leaves")
        rules = codec(record.game).rules

        def decision(table: Table[Any]) -> tuple[None, list[Any]]:
            return None, tables.accept(rules, table, Leave(seat=seat), "player", record.seed)

        left = await self.transactor.transact(
            record, decision, {"actor": seat, "scope": f"seat:{seat}"}, token=Revoke(seat)
        )
        self.repo.forget(game_id)  # the seat's token is gone, here and, once told, in every other process
        await self.news.announce(game_id)
        return SeatChange(seat=seat, version=left.table.version)

    async def forfeit(self, game_id: str, token: str | None) -> SeatChange:
        """Leave a running game: a smart bot plays the seat from now on."""
        record, seat = await seated_player(self.repo, game_id, token, "forfeits")
        rules = codec(record.game).rules

        def decision(table: Table[Any]) -> tuple[None, list[Any]]:
            return None, tables.accept(rules, table, Forfeit(seat=seat), "player", record.seed)

        forfeited = await self.transactor.transact(record, decision, {"actor": seat, "scope": f"seat:{seat}"})
        table = await self.bots.play(record, forfeited.table)
        return SeatChange(seat=seat, version=table.version, bot=tables.TAKEOVER_BOT)

    async def rematch(self, game_id: str, token: str | None) -> RematchBody:
        """The next game with the same seats: bots seated again, each person's new token left in its mailbox."""
        record = await admin(self.repo, game_id, token, "asks for a rematch")
        rules = codec(record.game).rules
        table = await self.repo.table(record)
        tables.rematch(table, "")  # refuses a game still running, or one with its rematch already
        created = await self.lobby.create(
            table.game,
            table.players,
            table.options,
            None,
            None,
            turn_seconds=table.turn_seconds,
            owner=record.api_key_id,
        )
        seats = []
        version = created.version
        for seat, taken in enumerate(table.seats):
            assert taken is not None  # a finished game had every seat taken
            bot_admin = created.admin_token if taken.bot else None
            joined = await self.lobby.join(created.game_id, bot_admin, taken.name, seat, taken.bot)
            version = joined.version
            if joined.player_token is not None:
                # before RematchCreated is appended: the seat's stream looks for it when it sees the event
                await self._deliver(game_id, seat, joined.player_token)
            seats.append(RematchSeat(seat=seat, name=taken.name, bot=taken.bot))

        def decision(current: Table[Any]) -> tuple[None, list[Any]]:
            return None, tables.accept(rules, current, Rematch(game_id=created.game_id), "admin", record.seed)

        await self.transactor.transact(record, decision, {"actor": "admin"})
        return RematchBody(game_id=created.game_id, admin_token=created.admin_token, version=version, seats=seats)

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
