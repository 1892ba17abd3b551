"""Loading a game: its record (secrets, token hashes), its events and its folded table.

The table comes from the Redis projection when it is there, else from a replay of the stream in
Postgres; every write of a new state goes back to the projection, never moving it backwards.
A game that is in no hot table may be archived (docs/archive.md): its record and events come from its
export document then, read once and kept in a small cache (an archived game never changes).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from cachetools import LRUCache

from domain.kernel.table import Table
from services.codec import GameCodec, codec, encode_table
from services.errors import NotFound
from services.export_check import ARCHIVED, archived, imported, restorable
from services.ports import (
    Archive,
    EventStore,
    GameRecord,
    Idempotency,
    NewEvent,
    Projections,
    ProjectionUnavailable,
    RecordedEvent,
    SeatToken,
    StoreUnavailable,
)

log = logging.getLogger("tapis.repository")


def bot_turn(table: Table[Any]) -> bool:
    """Is a bot awaited? Then the game must not wait for a human to make the bots move."""
    if table.status != "active" or table.inner is None:
        return False
    awaited = codec(table.game).rules.awaiting(table.inner)
    return any((seat := table.seats[s]) is not None and seat.bot is not None for s in awaited)


def summary(table: Table[Any], imported: bool = False) -> dict[str, Any]:
    return {
        "game_id": table.game_id,
        "game": table.game,
        "status": table.status,
        "players": table.players,
        "seats_taken": sum(1 for s in table.seats if s is not None),
        "version": table.version,
        "seed_source": table.seed_source,
        "dealing": table.dealing,
        "fairness": table.fairness,
        "imported": imported,  # restored by `tapis import`: verified there, then served as any finished game
        "created": time.time(),
        "bot_turn": bot_turn(table),
        "private": table.private,  # never listed (infra/projections.py keeps it out of the listing's indexes)
    }


class Repository:
    def __init__(
        self, store: EventStore, projections: Projections, archive: Archive | None = None, cache_size: int = 10_000
    ) -> None:
        self.store = store
        self.projections = projections
        self.archive = archive
        self._archived: LRUCache[str, tuple[GameRecord, list[RecordedEvent]]] = LRUCache(maxsize=256)
        self._records: LRUCache[str, GameRecord] = LRUCache(maxsize=cache_size)
        self._written: LRUCache[str, Table[Any]] = LRUCache(maxsize=cache_size)
        self._projected: LRUCache[str, int] = LRUCache(maxsize=cache_size)
        # per game, the version of the newest table whose projection write this process is awaiting (an earlier
        # write of the game that ends after it leaves it in place)
        self._projecting: dict[str, int] = {}

    async def record(self, game_id: str, refresh: bool = False) -> GameRecord:
        cached = None if refresh else self._records.get(game_id)
        if cached is not None:
            return cached
        record = await self.store.game(game_id)
        if record is None:
            archived = await self.archived(game_id)
            if archived is None:
                raise NotFound(f"no game {game_id}")
            return archived[0]  # not in `_records`: the archive's cache holds it with its events
        self._records[game_id] = record
        return record

    async def exists(self, game_id: str) -> bool:
        return await self.store.game(game_id) is not None or await self.archived(game_id) is not None

    async def archived(self, game_id: str) -> tuple[GameRecord, list[RecordedEvent]] | None:
        """The record and events of an archived game, or None."""
        cached = self._archived.get(game_id)
        if cached is not None or self.archive is None:
            return cached
        document = await self.archive.document(game_id)
        if document is None:
            return None
        found = self._archived[game_id] = restorable(document, ARCHIVED)
        return found

    async def events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[RecordedEvent]:
        """The stream from the hot tables, else from the archive. Only a read that finds nothing asks the archive:
        an empty read of a hot game is a reader at its head (after > 0), which the archive cache answers when it
        holds the game and which costs one key lookup otherwise."""
        recorded = await self.store.read_stream(game_id, after, limit)
        if recorded or self.archive is None:
            return recorded
        archived = await self.archived(game_id)
        if archived is None:
            return []
        later = archived[1][max(after, 0) :]
        return later if limit is None else later[: max(limit, 0)]

    async def hot_events(self, game_id: str, after: int, limit: int) -> list[RecordedEvent]:
        """The stream from the hot tables alone (a live stream follows a running game: an empty page is a reader at
        its head, and asks no archive)."""
        return await self.store.read_stream(game_id, after, limit)

    async def summaries(
        self, limit: int, game: str | None = None, status: str | None = None
    ) -> list[dict[str, Any]] | None:
        """The listing's summaries from the projections' indexes (None: nothing was ever projected)."""
        return await self.projections.summaries(limit, game, status)

    async def game_ids(self, game: str | None, limit: int) -> list[str]:
        """The newest games' ids in the hot tables (the listing when the projections have none)."""
        return await self.store.game_ids(game, limit)

    def forget(self, game_id: str) -> None:
        self._records.pop(game_id, None)

    async def unproject(self, game_ids: list[str]) -> None:
        """Drop the projections of games the archive took (best effort: a failure leaves them, as before, and is
        logged). Redis then keeps nothing of them, and a read refolds them from the archive without saving them."""
        for game_id in game_ids:
            self._written.pop(game_id, None)
            self._projected.pop(game_id, None)
        try:
            await self.projections.drop(game_ids)
        except ProjectionUnavailable as exc:
            log.warning("the projections of %d archived games stay: %s", len(game_ids), exc)

    # -- saving: what the use cases write goes through here, not to the store behind -----------------------------

    async def create(self, record: GameRecord, events: list[NewEvent], metadata: dict[str, Any]) -> None:
        """A new game: its record and first events, in one transaction (ConcurrencyConflict if the id exists)."""
        await self.store.create(record, events, metadata)

    async def append(
        self,
        game_id: str,
        expected_version: int,
        events: list[NewEvent],
        metadata: dict[str, Any],
        idempotency: Idempotency | None = None,
        seat_token: SeatToken | None = None,
    ) -> int:
        """The events after `expected_version`, with the idempotency row and the seat token change the write
        carries, in one statement (ConcurrencyConflict if the game moved, DuplicateCommand for a key used)."""
        return await self.store.append(game_id, expected_version, events, metadata, idempotency, seat_token)

    async def stored_response(self, game_id: str, scope: str, key: str) -> bytes | None:
        """The first answer to an idempotency key, if it was used."""
        return await self.store.stored_response(game_id, scope, key)

    async def grant_seat_token(self, game_id: str, version: int, seat: int, token_hash: bytes) -> bool:
        return await self.store.grant_seat_token(game_id, version, seat, token_hash)

    async def restore(self, record: GameRecord, events: list[RecordedEvent]) -> None:
        """An imported game, whole (its record without seat tokens, its events as recorded)."""
        await self.store.restore(record, events)

    async def snapshot(self, record: GameRecord) -> tuple[int, bytes] | None:
        """The game's projection (version, msgpack of the table) if it was written by code of this state schema."""
        return await self.projections.load(record.game_id, codec(record.game).fingerprint)

    async def table(self, record: GameRecord) -> Table[Any]:
        game_codec = codec(record.game)
        try:
            loaded = await self.snapshot(record)
        except ProjectionUnavailable as exc:
            log.warning("projection unavailable, replaying %s: %s", record.game_id, exc)
            return await self.replay(record.game_id, game_codec)
        written = self._written.get(record.game_id)
        if loaded is not None and (written is None or loaded[0] >= written.version):
            return game_codec.table(loaded[1])
        if written is not None and self._projecting.get(record.game_id) == written.version:
            # this process appended that version and its projection write is still on its way to Redis: the table
            # it holds is the head it wrote, no refold needed (nor a warning: nothing was lost)
            return written
        if loaded is not None and written is not None:
            # behind a version this process appended: its projection write failed (Redis down, or a Cluster failing
            # over), or Redis lost it (a replica promoted before the write reached it: replication is asynchronous).
            # Serving it would show a turn already played until the catch-up projector's next pass
            log.warning("projection of %s at %d, behind %d: refolding", record.game_id, loaded[0], written.version)
        # a miss: Redis lost it, or it was written by code of another state schema (an earlier release): refold,
        # and put the table back so that the next read decodes it
        table = await self.replay(record.game_id, game_codec)
        if not archived(record):  # an archived game's projection was dropped (unproject): it stays so
            await self.project(table, imported=imported(record))
        return table

    async def table_to_write(self, record: GameRecord) -> Table[Any]:
        """The table as this process last wrote it, else as `table` loads it.

        Only for deciding a command: it may be behind when another process moved the game since, and then
        the append's expected version fails and the command catches up from Postgres and decides again.
        It saves a round trip to Redis on every command of a game this process keeps serving.
        """
        written = self._written.get(record.game_id)
        if written is not None:
            return written
        return await self.table(record)

    async def refresh(self, record: GameRecord) -> None:
        """Bring this process' last table of the game and its projection to the stream's head (best effort).

        For a command answered from the idempotency store: it may have been appended by an earlier call that never
        heard its commit (the connection to Postgres was lost during it, a failover), so neither shows it yet, and
        the next command would be decided on a view from before it."""
        try:
            table = await self.catch_up(await self.table_to_write(record))
        except (StoreUnavailable, ProjectionUnavailable):
            return
        written = self._written.get(record.game_id)
        if written is None or table.version > written.version:
            await self.project(table, imported=imported(record))

    async def replay(self, game_id: str, game_codec: GameCodec, upto: int | None = None) -> Table[Any]:
        recorded = await self.events(game_id, 0, upto)
        if not recorded:
            raise NotFound(f"no game {game_id}")
        return game_codec.fold(recorded)

    async def catch_up(self, table: Table[Any]) -> Table[Any]:
        """Bring a possibly stale table to the head of its stream."""
        game_codec = codec(table.game)
        recorded = await self.store.read_stream(table.game_id, table.version)
        return game_codec.evolve(table, recorded)

    async def project(self, table: Table[Any], blob: bytes | None = None, imported: bool = False) -> None:
        """Best effort: a failure here is repaired by the catch-up projector. `blob`: the table encoded already;
        `imported`: the game came in by an import (the listing says so)."""
        self._written[table.game_id] = table
        self._projecting[table.game_id] = table.version
        try:
            await self.projections.save(
                table.game_id,
                table.version,
                encode_table(table) if blob is None else blob,
                summary(table, imported),
                codec(table.game).fingerprint,
            )
        except ProjectionUnavailable as exc:
            log.warning("projection write failed for %s: %s", table.game_id, exc)
            return
        finally:
            if self._projecting.get(table.game_id) == table.version:
                del self._projecting[table.game_id]
        self._projected[table.game_id] = table.version

    def forget_projected(self) -> None:
        self._projected.clear()

    def projected(self, game_id: str) -> int:
        """The newest version this process has written to the projection itself (0 if none it remembers)."""
        return self._projected.get(game_id, 0)
