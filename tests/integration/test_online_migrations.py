"""The shipped migrations run while commands flow (docs/migrations.md): the last revisions are taken down to 0004 and
back up to the head while a loop appends events, on a log of a few hundred thousand events, with a transaction of
the test's holding a lock on `events` for a few seconds at each step (a long report, a stuck client): the kind of
wait that turns a millisecond's `ALTER TABLE` into seconds of blocked appends.

Asserted: no append waits longer than the migrations' lock_timeout and a margin (a statement that cannot get its
lock gives up and `tapis migrate` tries again: it had to, here); the only lock that stops writes ever seen on
`events` is the ACCESS EXCLUSIVE of a column added or dropped (a catalogue change), each held less than a bound: an
index built without CONCURRENTLY takes SHARE for its whole build (45 to 60 ms on this log when 0005 was tried so,
seen by the 3 ms poll; seconds on a production log); the schema is back at the head. A control run with a
lock_timeout longer than the blocking transaction shows the appends stuck behind the waiting migration: the measure
sees what it is meant to catch."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from infra.embedded import ServiceUrls
from infra.migrate import head_revision, migrate_to

pytestmark = pytest.mark.integration

ROWS = 400_000  # events in the log: a plain index build over them holds its SHARE lock for several polls
LOCK_TIMEOUT = 1.0  # the migrations' lock_timeout, the shipped default
MARGIN = 0.75  # an append's own time and a loaded machine's scheduling, on top of LOCK_TIMEOUT
HELD_BOUND = 0.3  # seconds an ACCESS EXCLUSIVE lock (a column added or dropped) may be seen held on `events`
BLOCKING = 2.5  # seconds the test's transaction holds its lock on `events`, at each step
WRITE_BLOCKING = ("ShareLock", "ShareRowExclusiveLock", "ExclusiveLock", "AccessExclusiveLock")


def _database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


async def _admin(url: str, statement: str) -> None:
    conn = await asyncpg.connect(_database(url, "postgres"))
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


@pytest.fixture
def database(service_urls: ServiceUrls) -> Iterator[str]:
    """A database of its own, migrated, with ROWS events in its log."""
    name = f"tapis_online_{secrets.token_hex(4)}"
    asyncio.run(_admin(service_urls.database_url, f'CREATE DATABASE "{name}"'))
    url = _database(service_urls.database_url, name)
    try:
        migrate_to(url)

        async def fill() -> None:
            conn = await asyncpg.connect(url)
            try:
                await conn.execute(
                    "INSERT INTO events (stream_id, version, type, data) "
                    "SELECT 'g' || (n / 50), n % 50 + 1, CASE WHEN n % 50 = 49 THEN 'GameEnded' ELSE 'Played' END, "
                    f"'{{}}' FROM generate_series(0, {ROWS - 1}) AS n"
                )
                await conn.execute("ANALYZE events")
            finally:
                await conn.close()

        asyncio.run(fill())
        yield url
    finally:
        asyncio.run(_admin(service_urls.database_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@dataclass
class Observed:
    appends: int = 0
    slowest_append: float = 0.0
    held: dict[tuple[int, str], float] = field(default_factory=dict)  # (pid, mode): longest time seen held
    errors: list[str] = field(default_factory=list)


async def append_loop(url: str, stop: asyncio.Event, seen: Observed) -> None:
    """One event appended after another, as commands would, each timed (columns every revision since 0001 has)."""
    conn = await asyncpg.connect(url)
    try:
        for version in range(1, 10**9):
            if stop.is_set():
                return
            began = time.monotonic()
            try:
                await conn.execute(
                    "INSERT INTO events (stream_id, version, type, data) VALUES ('probe', $1, 'Probe', '{}')", version
                )
            except asyncpg.PostgresError as exc:
                seen.errors.append(repr(exc))
            seen.slowest_append = max(seen.slowest_append, time.monotonic() - began)
            seen.appends += 1
            await asyncio.sleep(0.005)
    finally:
        await conn.close()


async def watch_locks(url: str, stop: asyncio.Event, seen: Observed) -> None:
    """pg_locks every few milliseconds: for how long each backend holds a lock on `events` that stops writes."""
    conn = await asyncpg.connect(url)
    since: dict[tuple[int, str], float] = {}
    try:
        while not stop.is_set():
            rows = await conn.fetch(
                # locks on the table itself: not the relation extension lock (locktype 'extend', ExclusiveLock on
                # the same relation), which an INSERT takes for the moment it adds a page to the file and which
                # stops no other write for longer than that page's allocation
                "SELECT pid, mode FROM pg_locks WHERE granted AND locktype = 'relation' "
                "AND relation = to_regclass('events') AND mode = ANY($1::text[])",
                list(WRITE_BLOCKING),
            )
            now = time.monotonic()
            current = {(row["pid"], row["mode"]) for row in rows}
            for key in current:
                since.setdefault(key, now)
                seen.held[key] = max(seen.held.get(key, 0.0), now - since[key])
            for key in set(since) - current:
                del since[key]
            await asyncio.sleep(0.003)
    finally:
        await conn.close()


async def hold_events(url: str, seconds: float) -> None:
    """A transaction that read `events` and stays open: its ACCESS SHARE lock lasts until it ends."""
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            await conn.fetchval("SELECT count(*) FROM (SELECT 1 FROM events LIMIT 1) AS one")
            await asyncio.sleep(seconds)
    finally:
        await conn.close()


@contextlib.asynccontextmanager
async def commands_flowing(url: str) -> AsyncIterator[Observed]:
    seen, stop = Observed(), asyncio.Event()
    loops = [asyncio.create_task(append_loop(url, stop, seen)), asyncio.create_task(watch_locks(url, stop, seen))]
    await asyncio.sleep(0.2)
    try:
        yield seen
    finally:
        stop.set()
        await asyncio.gather(*loops)


async def step(url: str, target: str, *, downgrade: bool = False, lock_timeout: float = LOCK_TIMEOUT) -> int:
    """One `tapis migrate` (or downgrade) while a transaction holds `events` for BLOCKING seconds: its retries."""
    blocker = asyncio.create_task(hold_events(url, BLOCKING))
    await asyncio.sleep(0.1)  # the lock is held before the migration asks for its own
    try:
        return await asyncio.to_thread(
            migrate_to, url, target, downgrade=downgrade, lock_timeout=lock_timeout, attempts=10
        )
    finally:
        await blocker


async def revision_of(url: str) -> str:
    conn = await asyncpg.connect(url)
    try:
        value: str = await conn.fetchval("SELECT version_num FROM alembic_version")
        return value
    finally:
        await conn.close()


async def test_the_last_revisions_go_down_and_up_without_holding_appends(database: str) -> None:
    async with commands_flowing(database) as seen:
        retries = await step(database, "0004", downgrade=True)
        assert await revision_of(database) == "0004"
        retries += await step(database, "head")
        appends_during = seen.appends
    assert await revision_of(database) == head_revision()
    print(
        f"\n{appends_during} appends, slowest {seen.slowest_append * 1000:.0f} ms; {retries} migration attempts gave "
        f"up on a lock; longest write-blocking lock held on events: {max(seen.held.values(), default=0) * 1000:.0f} ms"
    )
    assert seen.errors == []
    assert appends_during > 100, "the appends did not flow"
    assert retries >= 1, "the blocking transaction never made a migration give up: the test measured nothing"
    assert seen.slowest_append < LOCK_TIMEOUT + MARGIN, seen.slowest_append
    modes = {mode for _, mode in seen.held}
    assert modes <= {"AccessExclusiveLock"}, f"a lock stopping writes for more than a catalogue change: {seen.held}"
    assert all(held < HELD_BOUND for held in seen.held.values()), seen.held


async def test_control_without_a_short_lock_timeout_appends_wait_behind_the_migration(database: str) -> None:
    # the same measure with a lock_timeout longer than the blocking transaction: 0006's downgrade (a column of
    # events dropped) waits for its lock the whole time, and every append queues behind it
    async with commands_flowing(database) as seen:
        retries = await step(database, "0005", downgrade=True, lock_timeout=BLOCKING * 4)
    assert retries == 0
    assert seen.slowest_append > LOCK_TIMEOUT + MARGIN, seen.slowest_append
    await asyncio.to_thread(migrate_to, database, "head")
