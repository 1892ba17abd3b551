"""Games the browser tests replay and audit, played over HTTP against the test server: two people (their tokens
known to the test) and a bot, six-nimmt over one round."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from tests import local_http
from tests.e2e.client import Tapis, bearer

SEED = "5e" * 32  # a test-mode server takes a creator's seed: the same deal on every run
OPTIONS = {"end": {"kind": "rounds", "rounds": 1}}


@dataclass(frozen=True)
class Played:
    game_id: str
    tokens: list[str]  # the people's seat tokens, seats 0 and 1 (seat 2 is a bot)
    head: int  # the version the game was at when the test left it


def new_table(api: Tapis) -> tuple[str, list[str]]:
    created = api.create("six-nimmt", 3, OPTIONS, seed=SEED)
    game_id, admin = created["game_id"], created["admin_token"]
    tokens = [api.join(game_id, name)["player_token"] for name in ("ana", "ben")]
    seated = api.http.post(f"/v1/games/{game_id}/seats", json={"bot": "random"}, headers=bearer(admin))
    assert seated.status_code == 201, seated.text
    api.start(game_id, admin)
    return game_id, tokens


def play(api: Tapis, game_id: str, tokens: list[str], person_moves: int | None, seconds: float = 60) -> int:
    """The people play their first legal move whenever they are awaited (the bot answers on the server), until the
    game ends or, with `person_moves`, until they have made that many moves; returns the version reached."""
    made, deadline = 0, time.monotonic() + seconds
    while time.monotonic() < deadline:
        view = api.view(game_id)
        people = [seat for seat in view["awaiting"] if seat < len(tokens)]
        bots_done = people == view["awaiting"] and people  # the test leaves a running game once it rests
        if view["status"] != "active" or (person_moves is not None and made >= person_moves and bots_done):
            return int(view["version"])
        if person_moves is not None and made >= person_moves:
            time.sleep(0.05)
            continue
        if not people:
            time.sleep(0.05)  # the bot's turn: the server plays it
            continue
        seat = people[0]
        moves = api.moves(game_id, tokens[seat])
        answer = api.command(game_id, tokens[seat], moves[0])
        assert answer.status_code in (200, 409), answer.text  # 409: the bot moved in between
        made += 1
    raise AssertionError("the game did not get there in time")


def played(web_url: str, person_moves: int | None) -> Played:
    with local_http.client(base_url=web_url, timeout=30) as http:
        api = Tapis(http)
        game_id, tokens = new_table(api)
        head = play(api, game_id, tokens, person_moves)
    return Played(game_id, tokens, head)


def replay(web_url: str, game_id: str, version: int, token: str | None) -> dict[str, Any]:
    answer = local_http.get(f"{web_url}/v1/games/{game_id}/replay", params={"version": version}, headers=bearer(token))
    assert answer.status_code == 200, answer.text
    shown: dict[str, Any] = answer.json()
    return shown
