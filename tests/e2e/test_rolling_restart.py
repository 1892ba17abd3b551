"""A zero-downtime deploy, as `tapis serve --workers 2` does it on SIGHUP: each worker replaced in turn by a new one,
the old one shutting down gracefully (api/shutdown.py). While it happens twice, players play whole games and a live
stream follows each game. Nothing may be lost:

- no command fails: a command whose connection is cut (an old worker closed it) is sent again with the same
  `Idempotency-Key`, as a client should, and must then get the first answer or be applied; any other answer than a
  200 is a failure;
- no stream loses or repeats an event: a stream the shutdown ends (its `retry:`) or cuts is opened again with the
  last id it saw (`Last-Event-ID`), and the ids it shows over the whole game are 1, 2, ... the game's last version,
  each once;
- the supervisor's log lines are JSON, as the workers' are.

About 30 to 60 s: marked `slow` (`make test-slow-servers`, which CI runs).
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from infra.embedded import ServiceUrls
from tests.e2e.client import bearer
from tests.e2e.conftest import ROOT, free_port, stop_server
from tests.e2e.test_workers import wait_for_workers, workers_of

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PLAYERS = 3  # games played at once, each by one thread for both seats, each followed by one stream
RESTARTS = 2
ROUNDS = {"end": {"kind": "rounds", "rounds": 2}}
# a player's pause between moves: games of a few seconds, so that every restart finds streams open (at full speed
# a game ended within the old worker's shutdown delay, and its stream with it)
THINK = 0.05
CUT = (httpx.TransportError,)  # a connection refused, reset or closed under a request: the request is sent again


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.commands = 0
        self.resent = 0  # commands sent again with their key after a cut connection
        self.failed: list[str] = []
        self.games = 0
        self.reconnects = 0  # streams opened again with Last-Event-ID
        self.streams_bad: list[str] = []


def retried(http: httpx.Client, method: str, url: str, deadline: float, **sent: Any) -> tuple[httpx.Response, int]:
    """The answer to the request, sent again (the same request: the same `Idempotency-Key`, if any) while the
    connection is cut or the server is away (a 503: none is expected, but a client would wait it out); with how many
    times it was sent again."""
    for again in itertools.count():
        try:
            answer = http.request(method, url, **sent)
        except CUT:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
            continue
        if answer.status_code == 503 and time.monotonic() < deadline:
            time.sleep(0.1)
            continue
        return answer, again
    raise AssertionError("unreachable")


class Follower(threading.Thread):
    """One game's live stream for seat 0, reopened with Last-Event-ID whenever it ends or is cut, until it has shown
    GameEnded; records every id it was shown."""

    def __init__(self, base: str, game_id: str, token: str, tally: Tally) -> None:
        super().__init__(daemon=True)
        self.base, self.game_id, self.token, self.tally = base, game_id, token, tally
        self.ids: list[int] = []
        self.done = threading.Event()
        self.error: str | None = None

    def run(self) -> None:
        deadline = time.monotonic() + 120
        wait = 0.0
        try:
            while not self.done.is_set() and time.monotonic() < deadline:
                time.sleep(wait)
                headers = bearer(self.token)
                if self.ids:
                    headers["Last-Event-ID"] = str(self.ids[-1])
                    with self.tally.lock:
                        self.tally.reconnects += 1
                wait = self._read(headers)
        except Exception as exc:  # reported by the test, from the main thread
            self.error = repr(exc)
        finally:
            self.done.set()

    def _read(self, headers: dict[str, str]) -> float:
        """Read one connection's stream; the seconds to wait before the next (its `retry:`, or a short pause)."""
        retry = 0.2
        try:
            with (
                httpx.Client(base_url=self.base, timeout=30) as http,
                http.stream("GET", f"/v1/games/{self.game_id}/stream", headers=headers) as response,
            ):
                if response.status_code != 200:
                    return retry
                fields: dict[str, str] = {}
                for line in response.iter_lines():
                    if line == "":
                        if "id" in fields:
                            self.ids.append(int(fields["id"]))
                            if json.loads(fields["data"])["type"] == "GameEnded":
                                self.done.set()
                                return 0
                        fields = {}
                    elif not line.startswith(":"):
                        name, _, value = line.partition(":")
                        fields[name] = value.removeprefix(" ")
                        if name == "retry":
                            retry = int(fields["retry"]) / 1000
        except CUT:
            pass
        return retry


def play_games(base: str, tally: Tally, stop: threading.Event, player: int) -> None:
    """Whole games of six-nimmt (2 seats, two rounds), one after another until `stop`, each followed by a stream."""
    with httpx.Client(base_url=base, timeout=30) as http:
        for number in itertools.count():
            if stop.is_set():
                return
            deadline = time.monotonic() + 120
            game = {"game": "six-nimmt", "players": 2, "options": ROUNDS}
            created, _ = retried(http, "POST", "/v1/games", deadline, json=game)
            if created.status_code != 201:
                # a creation is not idempotent: a cut creation may have made a game nobody uses, which is harmless
                tally.failed.append(f"create: {created.status_code} {created.text}")
                return
            game_id, admin = created.json()["game_id"], created.json()["admin_token"]
            tokens = []
            for seat in range(2):
                name = {"name": f"p{player}s{seat}"}
                joined, _ = retried(http, "POST", f"/v1/games/{game_id}/seats", deadline, json=name)
                assert joined.status_code == 201, joined.text
                tokens.append(joined.json()["player_token"])
            started, _ = retried(http, "POST", f"/v1/games/{game_id}/start", deadline, headers=bearer(admin))
            assert started.status_code == 200, started.text
            follower = Follower(base, game_id, tokens[0], tally)
            follower.start()
            version = _play(http, game_id, tokens, tally, f"{player}-{number}", deadline)
            follower.done.wait(60)
            follower.join(5)
            expected = list(range(1, version + 1))
            if follower.error or follower.ids != expected:
                missing = sorted(set(expected) - set(follower.ids))
                repeated = len(follower.ids) - len(set(follower.ids))
                tally.streams_bad.append(f"{game_id}: missing {missing}, {repeated} repeated, error {follower.error}")
            with tally.lock:
                tally.games += 1


def _play(http: httpx.Client, game_id: str, tokens: list[str], tally: Tally, name: str, deadline: float) -> int:
    for move in itertools.count():
        view, _ = retried(http, "GET", f"/v1/games/{game_id}", deadline)
        assert view.status_code == 200, view.text
        if view.json()["status"] != "active":
            version: int = view.json()["version"]
            return version
        seat = view.json()["awaiting"][0]
        moves, _ = retried(http, "GET", f"/v1/games/{game_id}/legal-moves", deadline, headers=bearer(tokens[seat]))
        assert moves.status_code == 200, moves.text
        body = moves.json()["moves"][0]
        key = f"{name}-{move}"
        time.sleep(THINK)
        headers = {**bearer(tokens[seat]), "Idempotency-Key": key}
        answer, again = retried(http, "POST", f"/v1/games/{game_id}/commands", deadline, json=body, headers=headers)
        with tally.lock:
            tally.commands += 1
            tally.resent += again
            if answer.status_code != 200:
                tally.failed.append(f"{key}: {answer.status_code} {answer.text[:200]}")
    raise AssertionError("unreachable")


def serve_workers(urls: ServiceUrls, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": urls.database_url,
        "REDIS_URL": urls.redis_url,
        "TAPIS_TEST_MODE": "1",
        "TAPIS_RATE_FAILED_AUTH": "0",
        "TAPIS_RATE_COMMANDS": "0",
        "TAPIS_RATE_CREATE": "0",
        "TAPIS_RATE_CREATE_TOTAL": "0",
        "TAPIS_MAX_CONNECTIONS_PER_CLIENT": "0",
        "TAPIS_WORKERS": "2",
        "TAPIS_SHUTDOWN_DELAY_SECONDS": "0.5",
        "TAPIS_SHUTDOWN_TIMEOUT_SECONDS": "10",
        "TAPIS_SSE_HEARTBEAT_SECONDS": "1",
    }
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "api.cli", "serve", "--port", str(port), "--log-level", "info"],
            cwd=ROOT,
            env=env,
            stderr=sink,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        found = workers_of(process.pid)
        try:
            if len(found) == 2 and httpx.get(f"{base}/v1/health/ready", timeout=2).status_code == 200:
                return process, base
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    stop_server(process)
    raise RuntimeError(f"tapis serve --workers 2 did not start: {log.read_text()[-2000:]}")


def all_new(before: set[int], found: list[int]) -> bool:
    return len(found) == 2 and not set(found) & before


@pytest.fixture
def workers(migrated_urls: ServiceUrls, tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], str, Path]]:
    log = tmp_path / "serve.log"
    process, base = serve_workers(migrated_urls, log)
    try:
        yield process, base, log
    finally:
        stop_server(process)


def test_rolling_restarts_lose_no_command_and_no_event(
    workers: tuple[subprocess.Popen[bytes], str, Path],
) -> None:
    process, base, log = workers
    tally, stop = Tally(), threading.Event()
    players = [threading.Thread(target=play_games, args=(base, tally, stop, n), daemon=True) for n in range(PLAYERS)]
    began = time.monotonic()
    for thread in players:
        thread.start()
    try:
        time.sleep(2)  # games and streams under way
        for _ in range(RESTARTS):
            before = set(workers_of(process.pid))
            commands_before = tally.commands
            process.send_signal(signal.SIGHUP)
            replaced = functools.partial(all_new, before)
            now = set(wait_for_workers(process.pid, replaced))
            assert len(now) == 2 and not now & before, ("the restart did not replace both workers", before, now)
            time.sleep(1)
            assert tally.commands > commands_before, "no command went through during the restart"
    finally:
        stop.set()
        for thread in players:
            thread.join(120)
    took = time.monotonic() - began
    print(
        f"\n{RESTARTS} rolling restarts in {took:.1f} s: {tally.games} games, {tally.commands} commands "
        f"({tally.resent} sent again with their key), {tally.reconnects} stream reconnects"
    )
    assert not any(thread.is_alive() for thread in players), "a player did not finish"
    assert tally.failed == []
    assert tally.streams_bad == []
    assert tally.games >= PLAYERS and tally.reconnects >= RESTARTS, "streams were not told to reconnect"

    lines = [line for line in log.read_text().splitlines() if line.strip()]
    parsed = [json.loads(line) for line in lines]  # every line, the supervisor's included, is one JSON object
    assert any("SIGHUP" in entry["message"] for entry in parsed), "the supervisor's SIGHUP line is missing"
