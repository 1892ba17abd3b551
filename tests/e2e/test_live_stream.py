"""The live stream: every event once, in order, redacted, across a reconnect.

Each event is shown as the seat saw it when it happened (docs/live-play.md): the stream redacts it with the game
as it stood once that event was appended, however late it reads it. Over HTTP with two API processes first; then
in this process, with fakes, a stream made to read late on purpose, which must show the same bytes.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import msgspec
import pytest

from domain.kernel import table as tables
from domain.kernel.viewer import seat_viewer
from infra.embedded import ServiceUrls
from services.auth import token_hash
from services.codec import codec
from services.live import Heartbeat, LiveEvent, LiveStreams
from services.ports import GameRecord, RecordedEvent
from services.queries import GameQueries
from services.repository import Repository
from tests import local_http
from tests.e2e.client import Tapis, bearer
from tests.e2e.conftest import start_server, stop_server

ONE_ROUND = {"end": {"kind": "rounds", "rounds": 1}}


@pytest.fixture(scope="module")
def two_servers(migrated_urls: ServiceUrls) -> Iterator[tuple[str, str]]:
    env = {"TAPIS_SSE_HEARTBEAT_SECONDS": "0.5"}
    first, a = start_server(migrated_urls, env)
    try:
        second, b = start_server(migrated_urls, env)
        try:
            yield a, b
        finally:
            stop_server(second)
    finally:
        stop_server(first)


class Reader(threading.Thread):
    """Reads one SSE stream until told to stop, or until it has seen GameEnded and a heartbeat after it."""

    def __init__(self, base: str, game_id: str, token: str, last_event_id: int | None = None) -> None:
        super().__init__(daemon=True)
        self.base, self.game_id, self.token, self.last = base, game_id, token, last_event_id
        self.events: list[tuple[int, dict[str, Any]]] = []
        self.heartbeats = 0
        self.stop = threading.Event()
        self.status = 0

    def run(self) -> None:
        headers = bearer(self.token)
        if self.last is not None:
            headers["Last-Event-ID"] = str(self.last)
        ended = False
        deadline = time.monotonic() + 60
        with (
            local_http.client(base_url=self.base, timeout=30) as http,
            http.stream("GET", f"/v1/games/{self.game_id}/stream", headers=headers) as response,
        ):
            self.status = response.status_code
            fields: dict[str, str] = {}
            for line in response.iter_lines():
                if self.stop.is_set() or time.monotonic() > deadline:
                    return
                if line.startswith(":"):
                    self.heartbeats += 1
                    if ended:
                        return
                elif line == "":
                    if "data" in fields:
                        shown = json.loads(fields["data"])
                        self.events.append((int(fields["id"]), shown))
                        ended = ended or shown["type"] == "GameEnded"
                    fields = {}
                else:
                    name, _, value = line.partition(":")
                    fields[name] = value.removeprefix(" ")


def expected(full: list[dict[str, Any]], seat: int) -> dict[int, dict[str, Any]]:
    """Each event as the seat sees it while the game runs."""
    game_codec = codec("six-nimmt")
    events = [msgspec.convert({"type": e["type"], **e["data"]}, game_codec.event_type) for e in full]
    started = next(i for i, e in enumerate(full) if e["type"] == "GameStarted")
    running = tables.fold(game_codec.rules, events[: started + 1])
    return {
        e["version"]: json.loads(
            msgspec.json.encode(game_codec.data(tables.redact(game_codec.rules, running, event, seat_viewer(seat))))
        )
        for e, event in zip(full, events, strict=True)
    }


def wait_for(condition: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@pytest.mark.e2e
def test_each_seat_sees_every_event_once_in_order_across_a_reconnect_and_two_processes(
    two_servers: tuple[str, str],
) -> None:
    a, b = two_servers
    with local_http.client(base_url=a, timeout=30) as ha, local_http.client(base_url=b, timeout=30) as hb:
        on_a, on_b = Tapis(ha), Tapis(hb)
        created = on_a.create("six-nimmt", 2, ONE_ROUND)
        game_id = created["game_id"]
        tokens = [on_a.join(game_id, f"p{s}")["player_token"] for s in range(2)]
        readers = [Reader(a, game_id, tokens[0]), Reader(b, game_id, tokens[1])]
        for reader in readers:
            reader.start()
        on_b.start(game_id, created["admin_token"])
        last_batch: list[int] = []
        for turn in range(100):
            view = on_a.view(game_id)
            if view["status"] != "active":
                break
            seat = view["awaiting"][0]
            client = (on_a, on_b)[turn % 2]
            answer = client.command(game_id, tokens[seat], client.moves(game_id, tokens[seat])[0])
            assert answer.status_code == 200, answer.text
            last_batch = [e["version"] for e in answer.json()["events"]]
            if turn == 5:  # seat 0 drops its connection and comes back on the other process
                # once it has what was sent so far: on a loaded machine it may not have read a thing yet
                sent = last_batch[-1]
                wait_for(lambda: bool(readers[0].events) and readers[0].events[-1][0] >= sent)  # noqa: B023
                readers[0].stop.set()
                readers[0].join(timeout=10)
                resumed = Reader(b, game_id, tokens[0], last_event_id=readers[0].events[-1][0])
                resumed.start()
                readers.append(resumed)
        for reader in readers:
            reader.join(timeout=30)
        full = on_a.http.get(f"/v1/games/{game_id}/events", params={"limit": 1000}).json()["events"]

    assert full[-1]["type"] == "GameEnded"
    versions = [e["version"] for e in full]
    for seat, seen in ((0, readers[0].events + readers[2].events), (1, readers[1].events)):
        assert [v for v, _ in seen] == versions  # exactly once, in order
        assert [e["type"] for _, e in seen] == [e["type"] for e in full]
        assert all(v == e["version"] for v, e in seen)  # the SSE id is the version
        # each event carries its hash-chain link, the one stored (docs/fair-dealing.md): a seat keeps any as a head
        assert [e["chain"] for _, e in seen] == [f["chain"] for f in full]
        redacted = expected(full, seat)
        # each event as it was when it happened, however late the stream read it: the last command's events too,
        # read after the end (the check still leaves them out, as when the stream showed those whole)
        wrong = [(v, e["data"], redacted[v]) for v, e in seen if v < min(last_batch) and e["data"] != redacted[v]]
        assert not wrong
        assert any(e["data"] != f["data"] for (_, e), f in zip(seen, full, strict=True))  # something was hidden
    assert readers[1].heartbeats >= 1 and readers[2].heartbeats >= 1


@pytest.mark.e2e
def test_stream_refusals(two_servers: tuple[str, str]) -> None:
    a, _ = two_servers
    with local_http.client(base_url=a, timeout=10) as http:
        created = Tapis(http).create("six-nimmt", 2)
        game_id = created["game_id"]

        def refused(path: str, **headers: str) -> tuple[int, str]:
            response = http.get(path, headers=headers)
            return response.status_code, response.json()["error"]["code"]

        assert refused("/v1/games/nope/stream") == (404, "game_not_found")
        assert refused(f"/v1/games/{game_id}/stream", **{"Last-Event-ID": "abc"}) == (400, "invalid_last_event_id")
        assert refused(f"/v1/games/{game_id}/stream", **{"Last-Event-ID": "99"}) == (400, "last_event_id_beyond_end")
        assert refused(f"/v1/games/{game_id}/stream", Authorization="Bearer wrong") == (401, "invalid_token")


# --- in this process: a stream that reads late, forced with fakes (no server, no Postgres, no Redis) ---

GAME_ID = "late-read"
TOKENS = ["seat-0-token", "seat-1-token"]
WHEN = datetime(2025, 1, 1, tzinfo=UTC)


class Store:
    """The event store as far as a stream reads it, showing only the first `visible` events: the test appends by
    moving that mark, so it decides when a stream reads what."""

    def __init__(self, record: GameRecord, events: list[RecordedEvent]) -> None:
        self.record, self.events, self.visible = record, events, 0

    async def game(self, game_id: str) -> GameRecord | None:
        return self.record if game_id == self.record.game_id else None

    async def read_stream(self, stream_id: str, after: int = 0, limit: int | None = None) -> list[RecordedEvent]:
        shown = self.events[after : self.visible] if stream_id == self.record.game_id else []
        return shown if limit is None else shown[:limit]


class NoProjections:
    async def load(self, game_id: str, fingerprint: str = "") -> None:
        return None  # no projection: tables are replayed from the store

    async def save(self, game_id: str, version: int, blob: bytes, summary: object, fingerprint: str = "") -> None:
        return None  # a replayed table is put back (read repair): nowhere to put it here


class NoRematch:
    async def rematch_token(self, game_id: str, seat: int, token: str | None) -> None:
        return None


class NeverWoken:
    """Wake-ups that never come: a stream that has read all it can yields a heartbeat at once, which tells the test
    the stream is waiting."""

    @contextlib.asynccontextmanager
    async def subscribe(self, game_id: str) -> AsyncIterator[NeverWoken]:
        yield self

    async def wait(self, seconds: float) -> bool:
        return False


def played_game() -> tuple[GameRecord, list[RecordedEvent], list[int]]:
    """A two-seat, one-round six-nimmt game played in memory: its record, its stream, and the version each
    command (or lobby step) ended at."""
    game_codec = codec("six-nimmt")
    rules, seed = game_codec.rules, bytes(32)
    events: list[Any] = tables.create(rules, GAME_ID, 2, ONE_ROUND, seed)
    table = tables.initial(events[0])
    ends = [len(events)]

    def apply(new: list[Any]) -> None:
        nonlocal table
        table = tables.evolve_all(rules, table, new)
        events.extend(new)
        ends.append(len(events))

    for seat in range(2):
        apply(tables.join(table, f"p{seat}", seat, None))
    apply(tables.start(rules, table, seed))
    while table.status == "active":
        seat = rules.awaiting(table.inner)[0]
        apply(tables.play(rules, table, seat, rules.legal_moves(table.inner, seat)[0], seed))
    stream = []
    for version, event in enumerate(events, start=1):
        new = game_codec.new_event(event)
        stream.append(RecordedEvent(version, GAME_ID, version, new.type, new.data, {}, WHEN))
    hashes = {seat: token_hash(token) for seat, token in enumerate(TOKENS)}
    record = GameRecord(GAME_ID, "six-nimmt", seed, token_hash("admin"), hashes)
    return record, stream, ends


def live_streams(store: Store) -> LiveStreams:
    queries = GameQueries(Repository(store, NoProjections()))  # type: ignore[arg-type]
    return LiveStreams(queries, NoRematch(), NeverWoken(), heartbeat=0)  # type: ignore[arg-type]


async def read_until_waiting(stream: AsyncIterator[Any]) -> list[LiveEvent]:
    """What the stream shows until it has read everything the store lets it see."""
    shown = []
    while not isinstance(item := await anext(stream), Heartbeat):
        shown.append(item)
    return shown


def as_listed(stream: list[RecordedEvent]) -> list[dict[str, Any]]:
    """The stream as `GET /events` lists it, whole (what `expected` starts from)."""
    return [{"version": r.version, "type": r.type, "data": msgspec.json.decode(r.data)} for r in stream]


async def test_a_stream_that_reads_late_shows_each_event_as_it_was_when_it_happened() -> None:
    record, events, ends = played_game()
    store = Store(record, events)
    streams = live_streams(store)
    started = ends[3]  # created, two seats joined, started (with the deal)
    store.visible = started
    on_time = await streams.open(GAME_ID, TOKENS[1], None)
    late = await streams.open(GAME_ID, TOKENS[1], None)
    seen_on_time = await read_until_waiting(on_time)
    seen_late = await read_until_waiting(late)
    for end in ends[4:]:  # the game goes on, one command at a time, and only one stream keeps up
        store.visible = end
        seen_on_time += await read_until_waiting(on_time)
    seen_late += await read_until_waiting(late)  # every command since the start, read once the game has ended
    resumed = await streams.open(GAME_ID, TOKENS[1], str(started))  # a reconnect after the end
    seen_resumed = await read_until_waiting(resumed)

    shown = [msgspec.json.decode(e.body) for e in seen_on_time]
    assert [e["version"] for e in shown] == list(range(1, len(events) + 1))
    assert shown[-1]["type"] == "GameEnded"
    redacted = expected(as_listed(events), seat=1)
    assert [e["data"] for e in shown] == [redacted[e["version"]] for e in shown]
    assert any(e["type"] == "CardChosen" and e["data"]["seat"] == 0 and e["data"]["card"] is None for e in shown)
    # the late read and the reconnect show exactly what the stream that kept up showed
    assert [e.body for e in seen_late] == [e.body for e in seen_on_time]
    assert [e.body for e in seen_resumed] == [e.body for e in seen_on_time][started:]
