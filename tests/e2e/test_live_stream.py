"""The live stream over HTTP with two API processes: every event once, in order, redacted, across a reconnect."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import msgspec
import pytest

from domain.kernel import table as tables
from domain.kernel.viewer import seat_viewer
from infra.embedded import ServiceUrls
from services.codec import codec
from tests.e2e.client import Tapis, bearer
from tests.e2e.conftest import start_server, stop_server

pytestmark = pytest.mark.e2e
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
            httpx.Client(base_url=self.base, timeout=30) as http,
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


def test_each_seat_sees_every_event_once_in_order_across_a_reconnect_and_two_processes(
    two_servers: tuple[str, str],
) -> None:
    a, b = two_servers
    with httpx.Client(base_url=a, timeout=30) as ha, httpx.Client(base_url=b, timeout=30) as hb:
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
        redacted = expected(full, seat)
        # the last command's events were read after the end, when nothing is hidden any more
        wrong = [(v, e["data"], redacted[v]) for v, e in seen if v < min(last_batch) and e["data"] != redacted[v]]
        assert not wrong
        assert any(e["data"] != f["data"] for (_, e), f in zip(seen, full, strict=True))  # something was hidden
    assert readers[1].heartbeats >= 1 and readers[2].heartbeats >= 1


def test_stream_refusals(two_servers: tuple[str, str]) -> None:
    a, _ = two_servers
    with httpx.Client(base_url=a, timeout=10) as http:
        created = Tapis(http).create("six-nimmt", 2)
        game_id = created["game_id"]

        def refused(path: str, **headers: str) -> tuple[int, str]:
            response = http.get(path, headers=headers)
            return response.status_code, response.json()["error"]["code"]

        assert refused("/v1/games/nope/stream") == (404, "game_not_found")
        assert refused(f"/v1/games/{game_id}/stream", **{"Last-Event-ID": "abc"}) == (400, "invalid_last_event_id")
        assert refused(f"/v1/games/{game_id}/stream", **{"Last-Event-ID": "99"}) == (400, "last_event_id_beyond_end")
        assert refused(f"/v1/games/{game_id}/stream", Authorization="Bearer wrong") == (401, "invalid_token")
