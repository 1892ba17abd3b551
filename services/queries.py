"""Read side: views, legal moves, events, replay and listing, all redacted for the bearer."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
from cachetools import LRUCache

from domain.kernel import table as tables
from domain.kernel.table import GameView, Table
from domain.kernel.viewer import SPECTATOR, Viewer, seat_viewer
from services.access import bearer
from services.auth import Principal
from services.codec import codec
from services.errors import BadRequest, Forbidden
from services.export_check import imported
from services.ports import KeyStore, ProjectionUnavailable
from services.repository import Repository, summary
from services.results import EventOut, EventsPage, GameList, GameSummary, LegalMoves

MAX_PAGE = 1000
# a portal's games whose summaries its listing reads at once (each a record and a projection): enough to hide the
# round trips, few enough that one listing never holds more than a handful of the pool's connections
PORTAL_READS = 8
STATUSES = ("lobby", "active", "finished", "expired")


def viewer_of(principal: Principal) -> Viewer:
    return seat_viewer(principal.seat) if principal.seat is not None else SPECTATOR


class GameQueries:
    def __init__(self, repo: Repository, replay_cache: int = 256) -> None:
        self.repo = repo
        # a finished game's table at a version, folded once per process: nothing before its end changes any more,
        # and everyone sees all of it, so one entry per version serves every viewer (its view is made per call)
        self._past: LRUCache[tuple[str, int], Table[Any]] = LRUCache(maxsize=replay_cache)

    async def _load(self, game_id: str, token: str | None) -> tuple[Principal, Table[Any]]:
        record, principal = await bearer(self.repo, game_id, token)
        return principal, await self.repo.table(record)

    async def view(self, game_id: str, token: str | None, at: Table[Any] | None = None) -> GameView:
        """The game as the bearer may see it: at `at`, a table the caller's own command left (a start answers with
        the game as its request left it, not with moves the bot runner made since), or as the store has it now."""
        record, principal = await bearer(self.repo, game_id, token)
        table = at if at is not None else await self.repo.table(record)
        shown = tables.view(codec(table.game).rules, table, viewer_of(principal))
        return msgspec.structs.replace(shown, imported=True) if imported(record) else shown

    async def version(self, game_id: str) -> int:
        record = await self.repo.record(game_id)
        return (await self.repo.table(record)).version

    async def legal_moves(self, game_id: str, token: str | None) -> LegalMoves:
        principal, table = await self._load(game_id, token)
        if principal.seat is None:
            raise Forbidden("legal moves are for a seated player", code="not_a_player")
        rules = codec(table.game).rules
        moves = rules.legal_moves(table.inner, principal.seat) if table.status == "active" else []
        return LegalMoves(version=table.version, seat=principal.seat, moves=moves, game=table.game)

    async def events(self, game_id: str, token: str | None, after: int, limit: int) -> EventsPage:
        if after < 0 or not 1 <= limit <= MAX_PAGE:
            raise BadRequest(f"after >= 0 and 1 <= limit <= {MAX_PAGE}", code="invalid_query")
        principal, table = await self._load(game_id, token)
        game_codec = codec(table.game)
        recorded = await self.repo.events(game_id, after, limit)
        if recorded and recorded[-1].version > table.version:
            # the projection lags the store (another process is between its append and its projection):
            # redact with the state the events lead to, never with one from before them
            table = await self.repo.catch_up(table)
        viewer = viewer_of(principal)
        shown = [
            EventOut(
                version=r.version,
                type=r.type,
                data=game_codec.data(tables.redact(game_codec.rules, table, game_codec.event(r), viewer)),
                recorded_at=r.recorded_at,
                chain=r.chain,
            )
            for r in recorded
        ]
        return EventsPage(events=shown, version=max(table.version, recorded[-1].version if recorded else 0))

    async def replay(self, game_id: str, token: str | None, version: int) -> GameView:
        principal, table = await self._load(game_id, token)
        if not 1 <= version <= table.version:
            raise BadRequest(f"version must be 1..{table.version}", code="invalid_version")
        game_codec = codec(table.game)
        finished = table.status == "finished"
        past = self._past.get((game_id, version)) if finished else None
        if past is None:
            past = await self.repo.replay(game_id, game_codec, upto=version)
            if finished:
                self._past[(game_id, version)] = past
        viewer = viewer_of(principal)
        if finished:
            viewer = Viewer(seat=viewer.seat, sees_all=True)  # the game is over: nothing is hidden any more
        return tables.view(game_codec.rules, past, viewer)

    async def listing(
        self, game: str | None, status: str | None, limit: int, portal: tuple[KeyStore, str] | None = None
    ) -> GameList:
        if status is not None and status not in STATUSES:
            raise BadRequest(f"status is one of {', '.join(STATUSES)}", code="invalid_query")
        if not 1 <= limit <= MAX_PAGE:
            raise BadRequest(f"1 <= limit <= {MAX_PAGE}", code="invalid_query")
        if portal is not None:
            return GameList(games=await self._portal_games(portal[0], portal[1], game, status, limit))
        # the index of this game and status (infra/projections.py): no number of other games pushes one out of it
        summaries: list[dict[str, Any]] | None
        try:
            summaries = await self.repo.summaries(limit, game, status)
        except ProjectionUnavailable:
            summaries = None
        if summaries is None:
            summaries = await self._summaries_from_store(game)
        chosen = [
            s
            for s in summaries
            if (game is None or s.get("game") == game)
            and (status is None or s.get("status") == status)
            and not s.get("private")
        ][:limit]
        return GameList(games=[msgspec.convert(s, GameSummary) for s in chosen])

    async def _portal_games(
        self, keys: KeyStore, key_id: str, game: str | None, status: str | None, limit: int
    ) -> list[GameSummary]:
        """A portal's own games, newest first, from the event store (the key is not in the Redis index). Their
        summaries are read PORTAL_READS at a time, side by side: one after the other, a page of 50 among a
        portal's 1,000 games waited for up to 1,000 round trips in a row (docs/capacity.md)."""
        ids = await keys.games(key_id, game, MAX_PAGE)
        chosen: list[GameSummary] = []
        for start in range(0, len(ids), PORTAL_READS):
            for found in await asyncio.gather(*(self._summary(i) for i in ids[start : start + PORTAL_READS])):
                if (status is None or found["status"] == status) and not found["private"]:  # private: never listed
                    chosen.append(msgspec.convert(found, GameSummary))
                if len(chosen) == limit:
                    return chosen
        return chosen

    async def _summaries_from_store(self, game: str | None) -> list[dict[str, Any]]:
        ids = await self.repo.game_ids(game, 200)
        return [await self._summary(game_id) for game_id in ids]

    async def _summary(self, game_id: str) -> dict[str, Any]:
        record = await self.repo.record(game_id)
        return summary(await self.repo.table(record), imported(record))
