"""Lobby control (issue 16), over HTTP against `tapis serve`: the admin removes a seat, private games and their join
codes, names normalised and refused when invisible, and lobbies that expire. Each refusal is the JSON envelope with
its status and stable code, and changes nothing."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from typing import Any

import pytest

from infra.embedded import ServiceUrls
from infra.migrate import upgrade
from tests import local_http
from tests.adversarial.conftest import PORTAL_KEY, game_state, refused
from tests.conftest import _create_database, _drop_database, _flush_redis, _run, _with_database, redis_db_beside
from tests.e2e.client import Tapis, bearer
from tests.e2e.conftest import start_server, stop_server

pytestmark = pytest.mark.e2e


def seats(client: Tapis, game_id: str) -> list[Any]:
    return [(p["name"], p["bot"]) for p in client.view(game_id)["players"]]


# --- the admin removes a seat ---------------------------------------------------------------------------------------


def test_the_admin_removes_a_seat_in_the_lobby(client: Tapis) -> None:
    created = client.create("six-nimmt", 3)
    game_id, admin = created["game_id"], created["admin_token"]
    ann = client.join(game_id, "ann")["player_token"]
    client.join(game_id, "bob")
    removed = client.http.delete(f"/v1/games/{game_id}/seats/0", headers=bearer(admin))
    assert removed.status_code == 200, removed.text
    assert removed.json() == {"seat": 0, "version": 7}
    assert seats(client, game_id) == [(None, None), ("bob", None), (None, None)]
    refused(client.http.get(f"/v1/games/{game_id}", headers=bearer(ann)), 401, "invalid_token")
    refused(client.http.post(f"/v1/games/{game_id}/leave", headers=bearer(ann)), 401, "invalid_token")
    events = client.http.get(f"/v1/games/{game_id}/events", params={"after": 5}).json()["events"]
    assert [(e["type"], e["data"]) for e in events] == [
        ("CommandAccepted", {"by": "admin", "command": {"action": "remove_seat", "seat": 0}}),
        ("PlayerLeft", {"seat": 0}),
    ]
    assert client.join(game_id, "ann")["seat"] == 0  # the seat and the name are free again


def test_removing_a_seat_is_refused_precisely(client: Tapis) -> None:
    created = client.create("six-nimmt", 2)
    game_id, admin = created["game_id"], created["admin_token"]
    ann = client.join(game_id, "ann")["player_token"]
    before = game_state(client, game_id)
    cases = [
        (f"/v1/games/{game_id}/seats/0", ann, 403, "admin_only"),
        (f"/v1/games/{game_id}/seats/0", None, 403, "admin_only"),
        (f"/v1/games/{game_id}/seats/0", "not-a-token", 401, "invalid_token"),
        (f"/v1/games/{game_id}/seats/1", admin, 409, "seat_gone"),
        (f"/v1/games/{game_id}/seats/2", admin, 422, "invalid_seat"),
        (f"/v1/games/{game_id}/seats/99999999999999999999", admin, 422, "invalid_seat"),
        ("/v1/games/nope/seats/0", admin, 404, "game_not_found"),
    ]
    for path, token, status, code in cases:
        refused(client.http.delete(path, headers=bearer(token)), status, code)
    assert game_state(client, game_id) == before
    client.join(game_id, "bob")
    client.start(game_id, admin)
    started = game_state(client, game_id)
    refused(client.http.delete(f"/v1/games/{game_id}/seats/0", headers=bearer(admin)), 409, "already_started")
    assert game_state(client, game_id) == started
    assert client.view(game_id, ann)["you"] == 0


def test_a_seat_that_is_not_a_number_is_not_a_route(client: Tapis, lobby: tuple[str, str]) -> None:
    game_id, admin = lobby
    response = client.http.delete(f"/v1/games/{game_id}/seats/first", headers=bearer(admin))
    assert 400 <= response.status_code < 500 and response.json()["error"]["code"]


# --- private games ----------------------------------------------------------------------------------------------------


def public_listing(base: str, **params: Any) -> list[str]:
    """`GET /v1/games` as anyone sees it (no portal key), every game it lists."""
    response = local_http.get(f"{base}/v1/games", params={"limit": 1000, **params}, timeout=30)
    assert response.status_code == 200, response.text
    return [g["game_id"] for g in response.json()["games"]]


def test_a_private_game_is_unlisted_and_joined_with_its_code_only(client: Tapis, hostile_server: str) -> None:
    created = client.create("le-baron", 3, private=True)
    game_id, admin, code = created["game_id"], created["admin_token"], created["join_code"]
    assert created["private"] is True and isinstance(code, str)
    assert client.create("le-baron", 3)["join_code"] is None
    for params in [{}, {"game": "le-baron"}, {"status": "lobby"}, {"game": "le-baron", "status": "lobby"}]:
        assert game_id not in public_listing(hostile_server, **params), params
        portal = client.http.get("/v1/games", params={"limit": 1000, **params}).json()["games"]
        assert game_id not in {g["game_id"] for g in portal}, params
    before = game_state(client, game_id)
    seats_path = f"/v1/games/{game_id}/seats"
    for body in [{"name": "ann"}, {"name": "ann", "join_code": "nope"}, {"name": "ann", "join_code": code + "x"}]:
        refused(client.http.post(seats_path, json=body), 403, "invalid_join_code")
    refused(client.http.post(seats_path, json={"name": "ann", "join_code": 7}), 400, "invalid_body")
    assert game_state(client, game_id) == before
    joined = client.http.post(seats_path, json={"name": "ann", "join_code": code})
    assert joined.status_code == 201, joined.text
    bot = client.http.post(seats_path, json={"bot": "random"}, headers=bearer(admin))  # the admin needs no code
    assert bot.status_code == 201, bot.text
    view = client.view(game_id)
    assert view["private"] is True and [p["name"] for p in view["players"]] == ["ann", "random bot", None]
    assert client.view(client.create("six-nimmt", 2)["game_id"])["private"] is False


# --- names --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "status", "code"),
    [
        ("\u200b", 422, "invalid_name"),
        ("ann\u200b", 422, "invalid_name"),
        ("\u202eann", 422, "invalid_name"),
        ("\u2066ann\u2069", 422, "invalid_name"),
        ("ann\u0007", 422, "invalid_name"),
        ("   ", 422, "invalid_name"),
        ("\u3164", 422, "invalid_name"),
        ("a" * 41, 422, "invalid_name"),
        ("ANN", 409, "name_taken"),
        ("\uff21\uff4e\uff4e", 409, "name_taken"),
        (" ann ", 409, "name_taken"),
    ],
)
def test_names_are_refused_when_invisible_or_taken(
    client: Tapis, lobby: tuple[str, str], name: str, status: int, code: str
) -> None:
    game_id, _ = lobby  # its seat 0 is "ann"
    before = game_state(client, game_id)
    refused(client.http.post(f"/v1/games/{game_id}/seats", json={"name": name}), status, code)
    assert game_state(client, game_id) == before


def test_names_are_normalised_and_bots_get_unique_names(client: Tapis) -> None:
    created = client.create("six-nimmt", 4)
    game_id, admin = created["game_id"], created["admin_token"]
    client.join(game_id, "  \uff33\uff4f\uff50\uff48\uff49\uff45   \uff2c\uff45\uff45 ")
    for _ in range(3):
        response = client.http.post(f"/v1/games/{game_id}/seats", json={"bot": "smart"}, headers=bearer(admin))
        assert response.status_code == 201, response.text
    assert [p["name"] for p in client.view(game_id)["players"]] == [
        "Sophie Lee",
        "smart bot",
        "smart bot 2",
        "smart bot 3",
    ]


# --- lobbies expire -------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def short_lobbies(service_urls: ServiceUrls) -> Iterator[Tapis]:
    """A server whose lobbies expire after a second, on a database and a Redis database of its own: on the shared
    ones, it would expire the lobbies of every other test (its projector folds every game it finds)."""
    database = f"tapis_lobbies_{secrets.token_hex(6)}"
    _run(_create_database(service_urls.database_url, database))
    own_redis = redis_db_beside(service_urls.redis_url, -3)
    urls = ServiceUrls(database_url=_with_database(service_urls.database_url, database), redis_url=own_redis)
    _flush_redis(urls.redis_url)
    upgrade(urls.database_url)
    process, base = start_server(urls, {"TAPIS_API_KEYS": PORTAL_KEY, "TAPIS_LOBBY_TTL_SECONDS": "1"})
    try:
        with local_http.client(base_url=base, timeout=30, headers={"X-API-Key": PORTAL_KEY}) as http:
            yield Tapis(http)
    finally:
        stop_server(process)
        _flush_redis(urls.redis_url)
        _run(_drop_database(service_urls.database_url, database))


def test_a_lobby_nobody_starts_expires_and_refuses_joins_and_starts(short_lobbies: Tapis) -> None:
    client = short_lobbies
    created = client.create("six-nimmt", 3)
    game_id, admin = created["game_id"], created["admin_token"]
    ann = client.join(game_id, "ann")["player_token"]
    deadline = time.monotonic() + 15
    while client.view(game_id)["status"] == "lobby":
        assert time.monotonic() < deadline, "the lobby did not expire"
        time.sleep(0.2)
    assert client.view(game_id, ann)["status"] == "expired"
    before = game_state(client, game_id)
    assert [e["type"] for e in before[2]["events"]][-2:] == ["CommandAccepted", "LobbyExpired"]
    assert before[2]["events"][-2]["data"] == {"by": "timer", "command": {"action": "expire"}}
    refused(client.http.post(f"/v1/games/{game_id}/seats", json={"name": "bob"}), 409, "game_expired")
    refused(client.http.post(f"/v1/games/{game_id}/start", headers=bearer(admin)), 409, "game_expired")
    refused(client.http.post(f"/v1/games/{game_id}/leave", headers=bearer(ann)), 409, "game_expired")
    refused(client.http.delete(f"/v1/games/{game_id}/seats/0", headers=bearer(admin)), 409, "game_expired")
    assert game_state(client, game_id) == before
    expired = client.http.get("/v1/games", params={"status": "expired", "limit": 1000}).json()["games"]
    assert game_id in {g["game_id"] for g in expired}
    lobbies = client.http.get("/v1/games", params={"status": "lobby", "limit": 1000}).json()["games"]
    assert game_id not in {g["game_id"] for g in lobbies}
