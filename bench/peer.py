"""4. Peer: the same events appended through our store and through the `eventsourcing` library's Postgres recorder.

Both write into the same database in the same run, one command's events per append, one client, one
connection each, with optimistic concurrency on (stream, version). Ours also bumps the game's version row in the
same statement; theirs takes a table lock per insert to keep its notification ids gap-free. Install the peer with
`pip install -e '.[bench]'` (`make bench` does).
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any
from urllib.parse import unquote, urlsplit

import asyncpg

from bench.mirror import Mirror
from infra.embedded import ServiceUrls
from infra.event_store import PostgresEventStore
from services.codec import codec
from services.ports import GameRecord, NewEvent

GAMES = 12  # six-nimmt, four players: about 150 appends and 450 events each


def batches() -> list[list[list[NewEvent]]]:
    """Per game, its events grouped by the command that produced them (the first group is the lobby and deal)."""
    game_codec = codec("six-nimmt")
    games = []
    for i in range(GAMES):
        mirror = Mirror("six-nimmt", 4, {}, bytes([i + 7]) * 32)
        groups = [[game_codec.new_event(e) for e in mirror.opening]]
        while mirror.active:
            seat, move, _ = mirror.next_move()
            groups.append([game_codec.new_event(e) for e in mirror.play(seat, move)])
        games.append(groups)
    return games


async def ours(urls: ServiceUrls, games: list[list[list[NewEvent]]]) -> tuple[int, int, float]:
    pool = await asyncpg.create_pool(urls.database_url, min_size=1, max_size=1)
    store = PostgresEventStore(pool)
    appends = events = 0
    elapsed = 0.0
    try:
        for groups in games:
            game_id = uuid.uuid4().hex[:16]
            record = GameRecord(
                game_id=game_id, game="six-nimmt", seed=b"0" * 32, admin_token_hash=b"", seat_token_hashes={}
            )
            await store.create(record, groups[0], {"actor": "admin"})
            version = len(groups[0])
            began = time.perf_counter()
            for group in groups[1:]:
                version = await store.append(game_id, version, group, {"actor": 0})
                appends += 1
                events += len(group)
            elapsed += time.perf_counter() - began
    finally:
        await pool.close()
    return appends, events, elapsed


def theirs(urls: ServiceUrls, games: list[list[list[NewEvent]]]) -> tuple[int, int, float]:
    from eventsourcing.persistence import StoredEvent
    from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore

    parts = urlsplit(urls.database_url)
    datastore = PostgresDatastore(
        dbname=parts.path.lstrip("/"),
        host=parts.hostname or "127.0.0.1",
        port=parts.port or 5432,
        user=unquote(parts.username or "postgres"),
        password=unquote(parts.password or ""),
        pool_size=1,
    )
    recorder = PostgresApplicationRecorder(datastore, events_table_name="peer_stored_events")
    recorder.create_table()
    appends = events = 0
    elapsed = 0.0
    try:
        for groups in games:
            stream = uuid.uuid4()

            def stored(group: list[NewEvent], first: int, stream: uuid.UUID = stream) -> list[Any]:
                return [
                    StoredEvent(originator_id=stream, originator_version=first + i, topic=e.type, state=e.data)
                    for i, e in enumerate(group)
                ]

            recorder.insert_events(stored(groups[0], 1))
            version = len(groups[0])
            began = time.perf_counter()
            for group in groups[1:]:
                recorder.insert_events(stored(group, version + 1))
                version += len(group)
                appends += 1
                events += len(group)
            elapsed += time.perf_counter() - began
    finally:
        datastore.close()
    return appends, events, elapsed


def run(urls: ServiceUrls) -> dict[str, Any]:
    games = batches()
    try:
        import eventsourcing.postgres  # noqa: F401
    except ImportError:
        return {"missing": "eventsourcing[postgres] is not installed: pip install -e '.[bench]'"}
    # each side once to warm up its connection and statements, then the measured runs, alternating
    asyncio.run(ours(urls, games[:1]))
    theirs(urls, games[:1])
    a_appends, a_events, a_time = asyncio.run(ours(urls, games))
    b_appends, b_events, b_time = theirs(urls, games)
    return {
        "appends": a_appends,
        "events": a_events,
        "ours_appends_per_s": a_appends / a_time,
        "ours_events_per_s": a_events / a_time,
        "theirs_appends_per_s": b_appends / b_time,
        "theirs_events_per_s": b_events / b_time,
        "ratio": (a_appends / a_time) / (b_appends / b_time),
    }


def report(r: dict[str, Any]) -> list[str]:
    if "missing" in r:
        return [r["missing"]]
    return [
        f"{r['appends']:,} appends ({r['events']:,} events) through each, one connection, sequential",
        f"ours (one CTE statement per append): {r['ours_appends_per_s']:,.0f} appends/s, "
        f"{r['ours_events_per_s']:,.0f} events/s",
        f"eventsourcing PostgresApplicationRecorder: {r['theirs_appends_per_s']:,.0f} appends/s, "
        f"{r['theirs_events_per_s']:,.0f} events/s",
        f"ours / eventsourcing: {r['ratio']:.2f}",
    ]
