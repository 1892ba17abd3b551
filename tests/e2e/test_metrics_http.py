"""/metrics over HTTP with two API processes (`tapis serve --workers 2`, `PROMETHEUS_MULTIPROC_DIR` set): whichever
process answers a scrape, the counts are those of both, as sent; an open live stream is counted while open."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from infra.embedded import ServiceUrls
from tests import local_http
from tests.e2e.client import bearer
from tests.e2e.conftest import start_server, stop_server

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def two_processes(migrated_urls: ServiceUrls, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    directory = tmp_path_factory.mktemp("prometheus")
    env = {"TAPIS_WORKERS": "2", "PROMETHEUS_MULTIPROC_DIR": str(directory), "TAPIS_SSE_HEARTBEAT_SECONDS": "0.2"}
    process, base = start_server(migrated_urls, env)
    try:
        yield base, directory
    finally:
        stop_server(process)


def sample(text: str, name: str, **labels: str) -> float:
    total = 0.0
    for family in text_string_to_metric_families(text):
        for found in family.samples:
            if found.name == name and all(found.labels.get(k) == v for k, v in labels.items()):
                total += found.value
    return total


def fresh() -> httpx.Client:
    """A client that opens a connection per request: the kernel hands each to either process."""
    return local_http.client(timeout=30, limits=httpx.Limits(max_keepalive_connections=0))


def test_counts_are_summed_over_both_processes(two_processes: tuple[str, Path]) -> None:
    base, directory = two_processes
    with fresh() as http:
        before = http.get(f"{base}/metrics").text
        created = http.post(f"{base}/v1/games", json={"game": "six-nimmt", "players": 2}).json()
        game_id, admin = created["game_id"], created["admin_token"]
        token = http.post(f"{base}/v1/games/{game_id}/seats", json={"name": "ann"}).json()["player_token"]
        http.post(f"{base}/v1/games/{game_id}/seats", json={"bot": "random"}, headers=bearer(admin))
        assert http.post(f"{base}/v1/games/{game_id}/start", headers=bearer(admin)).status_code == 200
        refused = 0
        for _ in range(30):
            answer = http.post(
                f"{base}/v1/games/{game_id}/commands", json={"type": "play_card", "card": 200}, headers=bearer(token)
            )
            assert answer.status_code == 422
            refused += 1
        move = http.get(f"{base}/v1/games/{game_id}/legal-moves", headers=bearer(token)).json()["moves"][0]
        assert http.post(f"{base}/v1/games/{game_id}/commands", json=move, headers=bearer(token)).status_code == 200
        labels = {"game": "six-nimmt", "type": "play_card", "outcome": "refused", "code": "card_not_in_hand"}
        route = {"method": "POST", "path": "/v1/games/{game_id}/commands"}
        for _ in range(6):  # several scrapes, answered by either process: each shows both processes' counts
            text = http.get(f"{base}/metrics").text
            assert (
                sample(text, "tapis_commands_total", **labels) - sample(before, "tapis_commands_total", **labels)
                == refused
            )
            accepted = {**labels, "outcome": "accepted", "code": ""}
            assert (
                sample(text, "tapis_commands_total", **accepted) - sample(before, "tapis_commands_total", **accepted)
                == 1
            )
            for status, count in (("422", refused), ("200", 1)):
                name = "tapis_http_requests_total"
                assert (
                    sample(text, name, status_code=status, **route) - sample(before, name, status_code=status, **route)
                    == count
                )
            assert game_id not in text and token not in text
    pids = {match.group(1) for f in directory.iterdir() if (match := re.search(r"_(\d+)\.db$", f.name))}
    assert len(pids) >= 2, f"both processes keep their values in {directory}: {sorted(pids)}"


def test_an_open_stream_is_counted_whichever_process_holds_it(two_processes: tuple[str, Path]) -> None:
    base, _ = two_processes
    with fresh() as http:
        created = http.post(f"{base}/v1/games", json={"game": "six-nimmt", "players": 2}).json()
        game_id = created["game_id"]
        open_before = sample(http.get(f"{base}/metrics").text, "tapis_live_streams_open")
        with (
            local_http.client(timeout=30) as streaming,
            streaming.stream("GET", f"{base}/v1/games/{game_id}/stream") as stream,
        ):
            assert stream.status_code == 200
            lines = stream.iter_lines()  # kept: a generator dropped closes the connection
            next(lines)  # the stream is open: a heartbeat or an event came
            for _ in range(3):
                assert sample(http.get(f"{base}/metrics").text, "tapis_live_streams_open") == open_before + 1
        deadline = time.monotonic() + 10
        while sample(http.get(f"{base}/metrics").text, "tapis_live_streams_open") != open_before:
            assert time.monotonic() < deadline, "the closed stream is still counted"
            time.sleep(0.1)
