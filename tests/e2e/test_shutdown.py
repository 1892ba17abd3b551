"""A graceful shutdown of `tapis serve` (api/shutdown.py): at SIGTERM readiness says 503 `shutting_down` while the
process still takes commands for `TAPIS_SHUTDOWN_DELAY_SECONDS`; then it stops accepting, and its open live stream
gets an SSE `retry:` and ends (a client resumes elsewhere with Last-Event-ID); then it exits, within the bound."""

from __future__ import annotations

import signal
import subprocess
import threading
import time

import httpx
import pytest

from infra.embedded import ServiceUrls
from tests import local_http
from tests.e2e.client import Tapis, bearer
from tests.e2e.conftest import start_server, stop_server

pytestmark = pytest.mark.e2e

DELAY = 2.0


class StreamLines(threading.Thread):
    """Every line of one live stream, with the time each arrived, until the server ends it."""

    def __init__(self, base: str, game_id: str, token: str) -> None:
        super().__init__(daemon=True)
        self.base, self.game_id, self.token = base, game_id, token
        self.lines: list[tuple[float, str]] = []
        self.opened = threading.Event()
        self.ended_at: float | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            with (
                local_http.client(base_url=self.base, timeout=30) as http,
                http.stream("GET", f"/v1/games/{self.game_id}/stream", headers=bearer(self.token)) as response,
            ):
                assert response.status_code == 200
                self.opened.set()
                for line in response.iter_lines():
                    self.lines.append((time.monotonic(), line))
            self.ended_at = time.monotonic()
        except BaseException as exc:  # reported by the test, in the main thread
            self.error = exc
            self.opened.set()


def test_sigterm_unready_first_then_streams_told_to_reconnect_then_exit(migrated_urls: ServiceUrls) -> None:
    env = {"TAPIS_SHUTDOWN_DELAY_SECONDS": str(DELAY), "TAPIS_SHUTDOWN_TIMEOUT_SECONDS": "5"}
    process, base = start_server(migrated_urls, env)
    try:
        with local_http.client(base_url=base, timeout=10) as http:
            api = Tapis(http)
            game_id, _, tokens = api.new_game("six-nimmt", 2, {"end": {"kind": "rounds", "rounds": 1}})
            assert http.get("/v1/health/ready").status_code == 200
            stream = StreamLines(base, game_id, tokens[0])
            stream.start()
            assert stream.opened.wait(10) and stream.error is None
            time.sleep(0.3)  # the stream's first page is out: what it shows next is a wake-up or the shutdown

            signalled = time.monotonic()
            process.send_signal(signal.SIGTERM)
            deadline = signalled + DELAY / 2
            while (answer := http.get("/v1/health/ready")).status_code == 200:
                assert time.monotonic() < deadline, "still ready after SIGTERM"
                time.sleep(0.02)
            assert answer.status_code == 503 and answer.headers["retry-after"]
            body = answer.json()
            assert body["status"] == "shutting_down" and body["failed"] == ["process"], body
            assert body["checks"]["process"] == "shutting_down"

            # still serving while unready: a command goes through, and the stream hears of it
            view = api.view(game_id)
            seat = view["awaiting"][0]
            sent = api.command(game_id, tokens[seat], api.moves(game_id, tokens[seat])[0])
            assert sent.status_code == 200, sent.text
            assert time.monotonic() - signalled < DELAY, "the checks took the whole delay: nothing was shown"

        stream.join(DELAY + 10)
        assert not stream.is_alive(), "the stream was not ended by the shutdown"
        assert stream.error is None, stream.error
        assert stream.ended_at is not None and stream.ended_at - signalled >= DELAY * 0.9
        texts = [line for _, line in stream.lines]
        assert texts[-3:] == [": reconnect", "retry: 1000", ""], texts[-6:]
        ids = [int(line.removeprefix("id: ")) for line in texts if line.startswith("id: ")]
        assert ids and ids[-1] == sent.json()["version"], "the command sent while draining reached the stream"
        # uvicorn raises the signal again once it has shut down, so the exit is SIGTERM's, as a process without
        # handlers would give
        assert process.wait(timeout=10) == -signal.SIGTERM
        with pytest.raises(httpx.TransportError):
            local_http.get(f"{base}/v1/health/live", timeout=2)
    finally:
        if process.poll() is None:
            stop_server(process)


def test_a_second_signal_closes_at_once(migrated_urls: ServiceUrls) -> None:
    process, base = start_server(migrated_urls, {"TAPIS_SHUTDOWN_DELAY_SECONDS": "60"})
    try:
        process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 5
        while local_http.get(f"{base}/v1/health/ready", timeout=5).status_code == 200:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=15) == -signal.SIGTERM
    except subprocess.TimeoutExpired:
        raise AssertionError("the second SIGTERM did not cut the 60 s delay short") from None
    finally:
        if process.poll() is None:
            stop_server(process)
