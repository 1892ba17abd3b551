"""Lobby races and starvation (issue 16), over HTTP against `tapis serve`.

- Concurrent rematch requests created one game each (every loser left an orphan game, and the tokens its players
  got opened an orphan): now exactly one game exists, the losers get 409 `rematch_exists` with its id, and each
  player's token for it (derived from their old one, never stored in plaintext) opens that game.
- 1,000 creations of one game pushed every other game out of `?game=le-baron&status=lobby`: the listing is indexed
  per game and per status now.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from tests import local_http
from tests.adversarial.conftest import PORTAL_KEY, refused
from tests.e2e.client import Tapis, bearer

pytestmark = pytest.mark.e2e

ONE_ROUND = {"end": {"kind": "rounds", "rounds": 1}}


def finished_game(client: Tapis) -> tuple[str, str, list[str]]:
    game_id, admin, tokens = client.new_game("six-nimmt", 2, ONE_ROUND)
    assert client.play_to_end(game_id, tokens)["status"] == "finished"
    return game_id, admin, tokens


def portal_games(client: Tapis) -> set[str]:
    response = client.http.get("/v1/games", params={"limit": 1000})
    assert response.status_code == 200, response.text
    return {g["game_id"] for g in response.json()["games"]}


def rematch_event(base: str, game_id: str, token: str, after: int) -> dict[str, Any]:
    """The `RematchCreated` message of the finished game's live stream, as the seat's stream shows it."""
    headers = {**bearer(token), "Last-Event-ID": str(after)}
    with (
        local_http.client(base_url=base, timeout=10) as http,
        http.stream("GET", f"/v1/games/{game_id}/stream", headers=headers) as response,
    ):
        assert response.status_code == 200
        for line in response.iter_lines():
            if line.startswith("data:"):
                shown: dict[str, Any] = json.loads(line.removeprefix("data:"))
                if shown["type"] == "RematchCreated":
                    return shown
    raise AssertionError("no RematchCreated on the stream")


def test_concurrent_rematch_requests_create_exactly_one_game(client: Tapis, hostile_server: str) -> None:
    game_id, admin, tokens = finished_game(client)
    before = portal_games(client)

    def ask(_: int) -> httpx.Response:
        with local_http.client(base_url=hostile_server, timeout=30, headers={"X-API-Key": PORTAL_KEY}) as http:
            return http.post(f"/v1/games/{game_id}/rematch", headers=bearer(admin))

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(ask, range(8)))
    won = [a for a in answers if a.status_code == 201]
    assert len(won) == 1, [(a.status_code, a.text) for a in answers]
    rematch = won[0].json()
    for lost in (a for a in answers if a.status_code != 201):
        error = refused(lost, 409, "rematch_exists")
        assert error["details"] == {"game_id": rematch["game_id"]}
    assert portal_games(client) - before == {rematch["game_id"]}  # no orphan
    assert client.view(game_id)["rematch"] == rematch["game_id"]
    events = client.http.get(f"/v1/games/{game_id}/events", params={"limit": 1000}).json()["events"]
    assert [e["type"] for e in events].count("RematchCreated") == 1
    # a request after the race is refused alike
    refused(client.http.post(f"/v1/games/{game_id}/rematch", headers=bearer(admin)), 409, "rematch_exists")

    # each person takes their seat with their old token: on the old game's stream, or asked for; the same token
    claimed = rematch_event(hostile_server, game_id, tokens[0], after=len(events) - 1)["data"]
    assert claimed["game_id"] == rematch["game_id"] and isinstance(claimed["player_token"], str)
    handed = []
    for seat, token in enumerate(tokens):
        response = client.http.post(f"/v1/games/{game_id}/rematch/token", headers=bearer(token))
        assert response.status_code == 200, response.text
        assert response.json()["seat"] == seat and response.json()["game_id"] == rematch["game_id"]
        handed.append(response.json()["player_token"])
    assert handed[0] == claimed["player_token"]
    assert [client.view(rematch["game_id"], t)["you"] for t in handed] == [0, 1]
    # the rematch plays with the winner's admin token and the handed tokens
    client.start(rematch["game_id"], rematch["admin_token"])
    assert client.play_to_end(rematch["game_id"], handed)["status"] == "finished"


def test_the_rematch_token_is_refused_precisely(client: Tapis, running: tuple[str, str, list[str]]) -> None:
    game_id, admin, tokens = running
    path = f"/v1/games/{game_id}/rematch/token"
    refused(client.http.post(path, headers=bearer(tokens[0])), 409, "no_rematch")
    refused(client.http.post(path, headers=bearer(admin)), 403, "not_a_player")
    refused(client.http.post(path), 401, "missing_token")
    refused(client.http.post(path, headers=bearer("not-a-token")), 401, "invalid_token")
    refused(client.http.post("/v1/games/nope/rematch/token", headers=bearer(tokens[0])), 404, "game_not_found")


def test_a_thousand_creations_of_one_game_hide_no_other_game(client: Tapis, hostile_server: str) -> None:
    baron = client.create("le-baron", 3)["game_id"]
    running, _, _ = client.new_game("daron", 2)

    def create(_: int) -> int:
        return client.http.post("/v1/games", json={"game": "six-nimmt", "players": 4}).status_code  # kept alive

    with ThreadPoolExecutor(max_workers=4) as pool:
        assert set(pool.map(create, range(1000))) == {201}

    def listed(**params: Any) -> list[str]:
        response = local_http.get(f"{hostile_server}/v1/games", params=params, timeout=30)  # anyone's listing
        assert response.status_code == 200, response.text
        return [g["game_id"] for g in response.json()["games"]]

    assert baron in listed(game="le-baron", status="lobby")
    assert baron in listed(game="le-baron")
    assert running in listed(status="active")
    assert running in listed(game="daron", status="active")
    assert len(listed(game="six-nimmt", status="lobby", limit=1000)) == 1000
