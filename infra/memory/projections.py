"""Projections in memory: what `infra/projections.py` keeps in Redis, with the same ordering rules."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec

from infra.memory.live import MemoryWakeups
from services.ports import Checkpoint, ProjectionUnavailable, RebuildPlace


class MemoryProjections:
    """Set `unavailable` to make every call raise ProjectionUnavailable (the fallbacks to the event store).
    With `wakeups`, each save that lands wakes the game's live streams, as `PublishingProjections` does."""

    def __init__(self, wakeups: MemoryWakeups | None = None) -> None:
        self.unavailable = False
        self._wakeups = wakeups
        self._states: dict[str, tuple[int, bytes, str]] = {}  # version, blob, fingerprint
        self._summaries: dict[str, bytes] = {}  # JSON, as in the summaries hash
        self._index: dict[str, float] = {}  # game id -> created: the listing's sorted set (listed games only)
        self._created: dict[str, float] = {}  # game id -> when first saved: every game, private ones included
        self._listed: dict[str, tuple[str, str]] = {}  # listed game id -> (game, status): its per-game/status sets
        self._lobbies: dict[str, float] = {}  # game id -> created: every game in its lobby, private ones included
        self._bot_turns: dict[str, float] = {}  # game id -> created: games waiting on a bot
        self._checkpoint: Checkpoint | None = None
        self._rebuild: RebuildPlace | None = None

    async def load(self, game_id: str, fingerprint: str = "") -> tuple[int, bytes] | None:
        await self._round_trip()
        stored = self._states.get(game_id)
        if stored is None or stored[2] != fingerprint:
            return None
        return stored[0], stored[1]

    async def save(
        self, game_id: str, version: int, blob: bytes, summary: dict[str, Any], fingerprint: str = ""
    ) -> None:
        await self._round_trip()
        encoded = msgspec.json.encode(summary)
        created = float(summary.get("created", 0))
        current, _, stored = self._states.get(game_id, (0, b"", ""))
        if current > version or (current == version and stored == fingerprint):
            return  # never backwards: an older or repeated save changes nothing and wakes nobody
        self._states[game_id] = (version, bytes(blob), fingerprint)
        self._summaries[game_id] = encoded
        first = self._created.setdefault(game_id, created)  # ZADD NX: a game keeps its place in the listing
        game, status = summary.get("game"), summary.get("status")
        if not summary.get("private"):
            self._index.setdefault(game_id, first)
            self._listed[game_id] = (game if isinstance(game, str) else "", status if isinstance(status, str) else "")
        if status == "lobby":
            self._lobbies[game_id] = first
        else:
            self._lobbies.pop(game_id, None)
        if summary.get("bot_turn"):
            self._bot_turns[game_id] = created
        else:
            self._bot_turns.pop(game_id, None)
        if self._wakeups is not None:
            self._wakeups.notify(game_id)

    async def summaries(
        self, limit: int, game: str | None = None, status: str | None = None
    ) -> list[dict[str, Any]] | None:
        """Newest first, of that game and status; None when nothing was ever saved (after a reset: the caller falls
        back to the store)."""
        await self._round_trip()
        if not self._index and not self._created:
            return None
        chosen = [
            g
            for g in self._index
            if (game is None or self._listed[g][0] == game) and (status is None or self._listed[g][1] == status)
        ]
        # ZREVRANGE: highest score first, ties by member in reverse; `limit` 0 reads all, as `0 -1` does
        ordered = sorted(chosen, key=lambda g: (self._index[g], g), reverse=True)[: limit or None]
        return [msgspec.json.decode(self._summaries[g]) for g in ordered if g in self._summaries]

    async def lobbies(self, created_before: float, limit: int) -> list[str]:
        """Games in the lobby created before `created_before` (epoch seconds), oldest first."""
        await self._round_trip()
        waiting = sorted((score, g) for g, score in self._lobbies.items() if 0 <= score <= created_before)
        return [g for _, g in waiting][: max(limit, 0)]

    async def bot_turns(self, waiting_since: float, limit: int) -> list[str]:
        """Games that have been waiting on a bot since before `waiting_since` (epoch seconds)."""
        await self._round_trip()
        waiting = sorted((score, g) for g, score in self._bot_turns.items() if 0 <= score <= waiting_since)
        return [g for _, g in waiting][: max(limit, 0)]

    async def checkpoint(self) -> Checkpoint:
        await self._round_trip()
        return self._checkpoint or Checkpoint()

    async def save_checkpoint(self, checkpoint: Checkpoint) -> None:
        await self._round_trip()
        self._checkpoint = checkpoint

    async def rebuild_place(self) -> RebuildPlace | None:
        await self._round_trip()
        return self._rebuild

    async def save_rebuild_place(self, place: RebuildPlace | None) -> None:
        await self._round_trip()
        self._rebuild = place

    async def drop(self, game_ids: list[str]) -> None:
        await self._round_trip()
        for game_id in game_ids:
            for held in (self._states, self._summaries, self._index, self._created, self._listed):
                held.pop(game_id, None)
            self._lobbies.pop(game_id, None)
            self._bot_turns.pop(game_id, None)

    async def reset(self) -> None:
        await self._round_trip()
        self._states.clear()
        self._summaries.clear()
        self._index.clear()
        self._created.clear()
        self._listed.clear()
        self._lobbies.clear()
        self._bot_turns.clear()
        self._checkpoint = None

    async def ping(self) -> None:
        await self._round_trip()

    async def _round_trip(self) -> None:
        await asyncio.sleep(0)  # as a call to Redis would: concurrent commands interleave here
        if self.unavailable:
            raise ProjectionUnavailable("the memory projections are switched off")
