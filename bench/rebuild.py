"""Rebuild: `tapis rebuild`'s events/s beside the in-memory replay of the same events, in the same run.

`python -m bench.rebuild [EVENTS]` (default 300,000) on a database of its own (bench/servers.py: DATABASE_URL and
REDIS_URL when both are set, else embedded servers). The log is filled with real games: one bot-only game of each
kind played in memory, then restored under new ids until the log holds EVENTS events, the games' events
interleaved in the log as concurrent tables leave them (COPY in rounds: one event of each of 200 games, then the
next...). Then, in the same run:

- the floor: the same events decoded and folded in memory (`GameCodec.fold`, one game after the other, no I/O):
  what a rebuild could reach if Postgres and Redis cost nothing;
- the catch-up projector from an empty Redis (`Projector.catch_up`: what `tapis rebuild` ran before it streamed
  the log: per game in each batch, its record, its projection and its stream, one round trip each);
- `Projector.rebuild` from scratch, as `tapis rebuild --from-scratch` runs it, timed end to end;
- a check that every projection equals its game's replay.

The figures to read are the ratios to the replay of the same events (1.0 would be all I/O hidden).
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import time
from datetime import UTC, datetime
from typing import Any

import asyncpg
import msgspec

import bootstrap
from bench.machine import describe
from bench.servers import bench_servers
from domain.kernel.shuffle import Draws
from infra.embedded import ServiceUrls
from infra.settings import Settings
from services.codec import codec, encode_table
from services.ports import GameRecord, RecordedEvent

# the games of the catalogue, bots only; each template's events are copied under new ids
# (game, players, options, started, weight): whole games of every kind (344 to 3,206 events), one-round six-nimmt
# games (169) and lobbies half full (5) five times as often each: about 560 events a game on average
ONE_ROUND = {"end": {"kind": "rounds", "rounds": 1}}
TABLES: tuple[tuple[str, int, dict[str, Any] | None, bool, int], ...] = (
    ("six-nimmt", 4, None, True, 1),
    ("le-baron", 4, None, True, 1),
    ("barbu", 4, None, True, 1),
    ("daron", 4, None, True, 1),
    ("bohnanza", 4, None, True, 1),
    ("six-nimmt", 4, ONE_ROUND, True, 5),
    ("six-nimmt", 4, None, False, 5),
)
SHORT = TABLES[-2:]  # --short: one-round games and lobbies only (about 87 events a game)
CONCURRENT = 500  # games whose events are interleaved in the log at one time, as tables in play at once leave them


async def templates(
    kinds: tuple[tuple[str, int, dict[str, Any] | None, bool, int], ...],
) -> list[tuple[GameRecord, list[RecordedEvent]]]:
    """A bot-only table of each kind, played in memory: its record and its stored events (as often as its weight)."""
    services = bootstrap.in_memory()
    found = []
    for k, (game, players, options, started, weight) in enumerate(kinds):
        created = await services.commands.create(game, players, options, bytes([k + 1]).hex() * 32, None)
        for _ in range(players if started else players // 2):
            await services.commands.join(created.game_id, created.admin_token, None, None, "random")
        if started:
            await services.commands.start(created.game_id, created.admin_token)
        record = await services.repo.store.game(created.game_id)
        assert record is not None
        found += [(record, await services.repo.store.read_stream(created.game_id))] * weight
    return found


def copies(templates: list[tuple[GameRecord, list[RecordedEvent]]], events: int) -> list[tuple[GameRecord, bytes]]:
    """Enough games (templates in turn, each under a new id) for `events` events: (record, the template's id)."""
    games: list[tuple[GameRecord, bytes]] = []
    total = 0
    draws = Draws(b"bench-rebuild", "copies")
    while total < events:
        record, recorded = templates[draws.draw(len(templates))]
        new_id = secrets.token_hex(8)
        games.append((msgspec.structs.replace(record, game_id=new_id), record.game_id.encode()))
        total += len(recorded)
    return games


async def fill(pool: asyncpg.Pool, events: int, short: bool = False, concurrent: int = CONCURRENT) -> int:
    """The log filled with about `events` events of copied games, interleaved; returns the events written."""
    made = await templates(SHORT if short else TABLES)
    by_id = {record.game_id.encode(): recorded for record, recorded in made}  # a template's copies: one entry
    games = copies(made, events)
    written = 0
    now = datetime.now(UTC)
    for start in range(0, len(games), concurrent):
        chunk = games[start : start + concurrent]
        streams = []
        for record, template in chunk:
            new_id = record.game_id.encode()
            streams.append(
                [
                    (
                        record.game_id,
                        e.version,
                        e.type,
                        e.data.replace(template, new_id).decode(),
                        msgspec.json.encode(e.metadata).decode(),
                        e.recorded_at,
                        e.schema_version,
                        e.chain,
                    )
                    for e in by_id[template]
                ]
            )
        rows = [stream[i] for i in range(max(len(s) for s in streams)) for stream in streams if i < len(stream)]
        async with pool.acquire() as conn, conn.transaction():
            await conn.copy_records_to_table(
                "games",
                columns=["game_id", "game", "version", "seed", "admin_token_hash", "api_key_id", "created_at"],
                records=[
                    (r.game_id, r.game, len(by_id[t]), r.seed, r.admin_token_hash, r.api_key_id, now) for r, t in chunk
                ],
            )
            # json and jsonb columns take text through COPY's text format
            await conn.copy_records_to_table(
                "events",
                columns=["stream_id", "version", "type", "data", "metadata", "recorded_at", "schema_version", "chain"],
                records=rows,
            )
        written += len(rows)
    await pool.execute("VACUUM ANALYZE events")
    await pool.execute("VACUUM ANALYZE games")
    return written


async def replay_floor(pool: asyncpg.Pool) -> tuple[int, float]:
    """Every stream read into memory first (not timed), then decoded and folded one after the other."""
    rows = await pool.fetch(
        "SELECT e.stream_id, g.game, e.version, e.type, e.data::text, e.schema_version, e.chain"
        " FROM events e JOIN games g ON g.game_id = e.stream_id ORDER BY e.stream_id, e.version"
    )
    streams: dict[str, tuple[str, list[RecordedEvent]]] = {}
    stamp = datetime.now(UTC)
    for r in rows:
        events = streams.setdefault(r["stream_id"], (r["game"], []))[1]
        events.append(
            RecordedEvent(0, r["stream_id"], r["version"], r["type"], r["data"].encode(), {}, stamp, 0, r[5], r[6])
        )
    began = time.perf_counter()
    for game, recorded in streams.values():
        encode_table(codec(game).fold(recorded))
    return len(rows), time.perf_counter() - began


async def rebuild(urls: ServiceUrls) -> tuple[int, float, int, float, int]:
    """The catch-up projector from an empty Redis (what `tapis rebuild` ran before it streamed the log), then
    `tapis rebuild --from-scratch` in this process: (events, seconds) of each, and the projections that differ from
    a replay after the second."""
    settings = Settings(database_url=urls.database_url, redis_url=urls.redis_url)
    async with bootstrap.connected(settings, pool_size=4) as services:
        await services.repo.projections.reset()
        began = time.perf_counter()
        caught_up = await services.projector.catch_up()
        catch_up_s = time.perf_counter() - began
        began = time.perf_counter()
        count = await services.projector.rebuild(from_scratch=True)
        took = time.perf_counter() - began
        wrong = 0
        for game_id in await services.repo.store.game_ids(None, 1_000_000):
            record = await services.repo.record(game_id)
            loaded = await services.repo.snapshot(record)
            expected = encode_table(await services.repo.replay(game_id, codec(record.game)))
            wrong += loaded is None or loaded[1] != expected
    return caught_up, catch_up_s, count, took, wrong


async def measure(urls: ServiceUrls, events: int, short: bool, concurrent: int) -> dict[str, Any]:
    pool = await asyncpg.create_pool(urls.database_url, min_size=1, max_size=2)
    try:
        began = time.perf_counter()
        written = await fill(pool, events, short, concurrent)
        filled = time.perf_counter() - began
        games = await pool.fetchval("SELECT count(*) FROM games")
        replayed, replay_s = await replay_floor(pool)
    finally:
        await pool.close()
    caught_up, catch_up_s, rebuilt, rebuild_s, wrong = await rebuild(urls)
    return {
        "events": written,
        "games": games,
        "fill_s": round(filled, 1),
        "replay": {"events": replayed, "seconds": round(replay_s, 2), "events_per_s": round(replayed / replay_s)},
        "rebuild": {"events": rebuilt, "seconds": round(rebuild_s, 2), "events_per_s": round(rebuilt / rebuild_s)},
        "catch_up_projector": {
            "events": caught_up,
            "seconds": round(catch_up_s, 2),
            "events_per_s": round(caught_up / catch_up_s),
        },
        "rebuild_over_replay": round((rebuilt / rebuild_s) / (replayed / replay_s), 2),
        "catch_up_over_replay": round((caught_up / catch_up_s) / (replayed / replay_s), 2),
        "projections_differing_from_replay": wrong,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("events", type=int, nargs="?", default=300_000)
    parser.add_argument("--short", action="store_true", help="one-round games and lobbies only: more games")
    parser.add_argument("--concurrent", type=int, default=CONCURRENT, help="games interleaved in the log at once")
    args = parser.parse_args()
    for line in describe():
        print(line)
    with bench_servers() as (urls, origin):
        print(f"servers: {origin}")
        result = asyncio.run(measure(urls, args.events, args.short, args.concurrent))
    print(msgspec.json.format(msgspec.json.encode(result)).decode())


if __name__ == "__main__":
    main()
