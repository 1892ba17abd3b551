"""Bots do not run inside one request (issue 16): against `tapis serve` with its defaults (4 bot moves per request,
the rest in the process' background), an anonymous client's bot-only barbu game no longer holds its `start` for
the whole game (1,813 events, 8.8 s before the fix), and bot-only games playing in the background do not starve a
person's commands.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from tests.e2e.client import Tapis, bearer

START_LIMIT = 2.0  # seconds: the start of a bot-only game, whose whole game took 3 to 9 s inside it before
COMMAND_LIMIT = 1.0  # seconds: a person's command while ten bot-only games play, but for 1 % of them
# seconds: no command at all waits longer. A loop held by the bots would hold every command in a row for seconds
# (a bot game's whole run took 3 to 9 s); one command in 300 once took 1.2 s in a full `make test` (three workers,
# Chromium and the servers on two cores: median 7 ms), a stall of the machine, not of the bots (alone, with both
# cores kept busy, the slowest of 300 took 17 and 26 ms)
STALL_LIMIT = 3.0
BACKGROUND_LIMIT = 120.0  # seconds for the games to finish in the background


def bot_only_game(client: Tapis) -> tuple[str, dict[str, Any], float]:
    """A barbu game of three smart bots, started: (id, the start's answer, seconds the start took)."""
    created = client.create("barbu", 3)
    game_id, admin = created["game_id"], created["admin_token"]
    for _ in range(3):
        seated = client.http.post(f"/v1/games/{game_id}/seats", json={"bot": "smart"}, headers=bearer(admin))
        assert seated.status_code == 201, seated.text
    began = time.perf_counter()
    view = client.start(game_id, admin)
    return game_id, view, time.perf_counter() - began


def wait_finished(client: Tapis, game_ids: list[str]) -> None:
    deadline = time.monotonic() + BACKGROUND_LIMIT
    waiting = set(game_ids)
    while waiting and time.monotonic() < deadline:
        waiting = {g for g in waiting if client.view(g)["status"] != "finished"}
        time.sleep(0.1)
    assert not waiting, f"{len(waiting)} games still playing after {BACKGROUND_LIMIT} s"


def test_a_bot_only_games_start_answers_at_once_and_the_game_finishes_in_the_background(client: Tapis) -> None:
    game_id, started, seconds = bot_only_game(client)
    assert seconds < START_LIMIT, f"start took {seconds:.2f} s"
    assert started["status"] == "active", "the start shows the game after its first bot moves"
    # the events up to the start's answer (the background has played more by now)
    events = client.http.get(f"/v1/games/{game_id}/events", params={"limit": started["version"]}).json()["events"]
    assert events[-1]["version"] == started["version"]
    by_bots = [e for e in events if e["type"] == "CommandAccepted" and e["data"]["by"] == "bot"]
    # four bot moves inside the request, and the answer is the game as the request left it (a view read after it
    # could hold a move the runner made meanwhile: seen twice in make test)
    assert len(by_bots) == 4, "four bot moves inside the request, no more"
    wait_finished(client, [game_id])
    audit = client.http.get(f"/v1/games/{game_id}/audit").json()
    assert audit["ok"], audit["checks"]
    assert client.http.get(f"/v1/games/{game_id}/audit").json() == audit, "the second audit answers the same"


def test_ten_bot_only_games_in_the_background_do_not_starve_a_persons_commands(client: Tapis) -> None:
    games = []
    for _ in range(10):
        game_id, _, seconds = bot_only_game(client)
        assert seconds < START_LIMIT, f"start took {seconds:.2f} s"
        games.append(game_id)
    person_game, _, tokens = client.new_game("six-nimmt", 2, {"end": {"kind": "rounds", "rounds": 20}})
    latencies: list[float] = []
    busy = 0  # commands sent while a bot-only game was still playing
    for _ in range(300):
        view = client.view(person_game)
        if view["status"] != "active":
            break
        token = tokens[view["awaiting"][0]]
        move = client.moves(person_game, token)[0]
        began = time.perf_counter()
        response = client.command(person_game, token, move)
        latencies.append(time.perf_counter() - began)
        assert response.status_code == 200, response.text
        if len(latencies) % 10 == 0:
            if all(client.view(g)["status"] == "finished" for g in games):
                break
            busy = len(latencies)
    assert busy >= 10, "the person played while the bots did"
    median, slowest = statistics.median(latencies), max(latencies)
    slow = [latency for latency in latencies if latency >= COMMAND_LIMIT]
    figures = f"median {median * 1000:.0f} ms, max {slowest * 1000:.0f} ms, {len(slow)} of {len(latencies)} slow"
    assert len(slow) <= len(latencies) // 100, figures
    assert slowest < STALL_LIMIT, figures
    wait_finished(client, games)
