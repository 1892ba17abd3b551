"""Request bodies: nested 1,000 deep (a 2 KB body, a RecursionError and a 500 before), not JSON (415), typed
loosely (`"players": "3"` and `3.0` were taken as 3), and integers out of any range. Nothing is created or joined."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

from tests.adversarial.conftest import game_state, portal_state, refused
from tests.e2e.client import Tapis, bearer

pytestmark = pytest.mark.e2e

JSON = {"content-type": "application/json"}
DEEP_ARRAY = b"[" * 1000 + b"]" * 1000  # 2,000 bytes


def deep_in(body: bytes, key: bytes) -> bytes:
    """`body` (an object) with one more member, `key`, an object nested 1,000 deep."""
    nested = b'{"a":' * 1000 + b"1" + b"}" * 1000
    return body[:-1] + b', "' + key + b'": ' + nested + b"}"


def post(client: Tapis, path: str, body: bytes, headers: dict[str, str] | None = None) -> httpx.Response:
    return client.http.post(path, content=body, headers={**JSON, **(headers or {})})


def test_deeply_nested_bodies(client: Tapis, lobby: tuple[str, str]) -> None:
    game_id, admin = lobby
    before = portal_state(client), game_state(client, game_id)
    create = b'{"game": "six-nimmt", "players": 3}'
    cases = [
        ("/v1/games", DEEP_ARRAY),
        ("/v1/games", deep_in(create, b"options")),
        ("/v1/games", b'{"x": ' + DEEP_ARRAY + b', "game": "six-nimmt", "players": 3}'),
        (f"/v1/games/{game_id}/seats", DEEP_ARRAY),
        (f"/v1/games/{game_id}/seats", deep_in(b'{"name": "eve"}', b"entropy")),
        ("/v1/webhooks", DEEP_ARRAY),
        ("/v1/webhooks", deep_in(b'{"url": "http://127.0.0.1:9/", "topics": ["*"]}', b"topics2")),
    ]
    for path, body in cases:
        refused(post(client, path, body, bearer(admin) if "seats" in path else None), 400, "invalid_body")
    assert (portal_state(client), game_state(client, game_id)) == before


def test_a_deeply_nested_command(client: Tapis, running: tuple[str, str, list[str]]) -> None:
    game_id, _, tokens = running
    seat = client.view(game_id)["awaiting"][0]
    before = game_state(client, game_id, tokens[seat])
    for body in (DEEP_ARRAY, b'{"x": ' + DEEP_ARRAY + b', "type": "play_card", "card": 1}'):
        refused(post(client, f"/v1/games/{game_id}/commands", body, bearer(tokens[seat])), 400, "invalid_command")
    assert game_state(client, game_id, tokens[seat]) == before


def test_brackets_inside_strings_are_not_nesting(client: Tapis) -> None:
    created = client.create("six-nimmt", 2)
    name = "[{" * 10 + "}]" * 10  # 40 brackets (more than the 32 levels), in a string: a name like another
    response = post(client, f"/v1/games/{created['game_id']}/seats", b'{"name": "' + name.encode() + b'"}')
    assert response.status_code == 201, response.text


@pytest.mark.parametrize(
    "content_type", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "text/json"]
)
def test_a_body_that_is_not_json_is_415(
    client: Tapis, lobby: tuple[str, str], running: tuple[str, str, list[str]], content_type: str | None
) -> None:
    lobby_id, admin = lobby
    game_id, _, tokens = running
    seat = client.view(game_id)["awaiting"][0]
    move = client.moves(game_id, tokens[seat])[0]
    before = portal_state(client), game_state(client, lobby_id), game_state(client, game_id, tokens[seat])
    headers = {"content-type": content_type} if content_type else {}
    cases: list[tuple[str, Any, dict[str, str]]] = [
        ("/v1/games", {"game": "six-nimmt", "players": 3}, {}),
        (f"/v1/games/{lobby_id}/seats", {"name": "eve"}, {}),
        (f"/v1/games/{lobby_id}/seats", {"bot": "random"}, bearer(admin)),
        ("/v1/webhooks", {"url": "http://127.0.0.1:9/", "topics": ["*"]}, {}),
        (f"/v1/games/{game_id}/commands", move, bearer(tokens[seat])),
    ]
    for path, body, auth in cases:
        response = client.http.post(path, content=json.dumps(body).encode(), headers={**headers, **auth})
        error = refused(response, 415, "unsupported_media_type")
        assert error["details"] == {"accepted": ["application/json"]}
    after = portal_state(client), game_state(client, lobby_id), game_state(client, game_id, tokens[seat])
    assert after == before


def test_json_with_parameters_is_json(client: Tapis) -> None:
    response = client.http.post(
        "/v1/games",
        content=b'{"game": "six-nimmt", "players": 2}',
        headers={"content-type": "Application/JSON; charset=utf-8"},
    )
    assert response.status_code == 201, response.text


def test_bodies_are_typed_strictly(client: Tapis, lobby: tuple[str, str]) -> None:
    game_id, admin = lobby
    before = portal_state(client), game_state(client, game_id)
    cases = [
        ("/v1/games", {"game": "six-nimmt", "players": "3"}, "players"),
        ("/v1/games", {"game": "six-nimmt", "players": 3.0}, "players"),
        ("/v1/games", {"game": "six-nimmt", "players": True}, "players"),
        ("/v1/games", {"game": "six-nimmt", "players": 3, "turn_seconds": "30"}, "turn_seconds"),
        ("/v1/games", {"game": "six-nimmt", "players": 3, "turn_seconds": 30.0}, "turn_seconds"),
        ("/v1/games", {"game": 6, "players": 3}, "game"),
        (f"/v1/games/{game_id}/seats", {"name": "eve", "seat": "1"}, "seat"),
        (f"/v1/games/{game_id}/seats", {"name": "eve", "seat": 1.0}, "seat"),
        ("/v1/webhooks", {"url": "http://127.0.0.1:9/", "topics": "*"}, "topics"),
    ]
    for path, body, key in cases:
        error = refused(client.http.post(path, json=body, headers=bearer(admin)), 400, "invalid_body")
        assert error["details"][0]["key"] == key, error
    assert (portal_state(client), game_state(client, game_id)) == before


def test_body_integers_are_bounded(client: Tapis, lobby: tuple[str, str]) -> None:
    game_id, admin = lobby
    before = portal_state(client), game_state(client, game_id)
    cases = [
        ("/v1/games", {"game": "six-nimmt", "players": 2**31}, "players"),
        ("/v1/games", {"game": "six-nimmt", "players": 2**64}, "players"),
        ("/v1/games", {"game": "six-nimmt", "players": -1}, "players"),
        ("/v1/games", {"game": "six-nimmt", "players": 3, "turn_seconds": 2**63}, "turn_seconds"),
        (f"/v1/games/{game_id}/seats", {"name": "eve", "seat": 2**31}, "seat"),
        (f"/v1/games/{game_id}/seats", {"name": "eve", "seat": -1}, "seat"),
    ]
    for path, body, key in cases:
        error = refused(client.http.post(path, json=body, headers=bearer(admin)), 400, "invalid_body")
        assert error["details"][0]["key"] == key, error
    # within the wire bounds, the lobby's own refusals keep their codes and the game's range
    assert refused(client.http.post("/v1/games", json={"game": "six-nimmt", "players": 11}), 422, "invalid_players")[
        "details"
    ] == {"min": 2, "max": 10}
    refused(
        client.http.post("/v1/games", json={"game": "six-nimmt", "players": 3, "turn_seconds": 86401}),
        422,
        "invalid_turn_seconds",
    )
    refused(client.http.post(f"/v1/games/{game_id}/seats", json={"name": "eve", "seat": 3}), 422, "invalid_seat")
    assert (portal_state(client), game_state(client, game_id)) == before


def test_a_nul_character_in_a_body_string(
    client: Tapis, lobby: tuple[str, str], running: tuple[str, str, list[str]]
) -> None:
    """Postgres holds no NUL in text, and one in a stored event's JSON broke every `->>` read of the events table:
    the turn timer's query failed at each step, for every game, once a player was named "\\u0000"."""
    lobby_id, admin = lobby
    game_id, _, tokens = running
    seat = client.view(game_id)["awaiting"][0]
    before = portal_state(client), game_state(client, lobby_id), game_state(client, game_id, tokens[seat])
    cases = [
        ("/v1/games", b'{"game": "six-nimmt", "players": 3, "options": {"deck": "\\u0000"}}', {}, "invalid_body"),
        (f"/v1/games/{lobby_id}/seats", b'{"name": "\\u0000"}', {}, "invalid_body"),
        (f"/v1/games/{lobby_id}/seats", b'{"name": "eve\\u0000"}', {}, "invalid_body"),
        (f"/v1/games/{lobby_id}/seats", b'{"bot": "smart\\u0000"}', bearer(admin), "invalid_body"),
        ("/v1/webhooks", b'{"url": "http://127.0.0.1:9/\\u0000", "topics": ["*"]}', {}, "invalid_body"),
        (
            f"/v1/games/{game_id}/commands",
            b'{"type": "play_card", "card": 1, "x\\u0000": 1}',
            bearer(tokens[seat]),
            "invalid_command",
        ),
    ]
    for path, body, auth, code in cases:
        refused(post(client, path, body, auth), 400, code)
    after = portal_state(client), game_state(client, lobby_id), game_state(client, game_id, tokens[seat])
    assert after == before
    # an escaped backslash before "u0000" is no NUL: a name like another
    created = client.create("six-nimmt", 2)
    named = post(client, f"/v1/games/{created['game_id']}/seats", b'{"name": "a\\\\u0000"}')
    assert named.status_code == 201, named.text


def test_the_turn_timer_still_runs_after_a_nul_name_was_tried(client: Tapis) -> None:
    created = client.create("six-nimmt", 2, turn_seconds=1)
    game_id = created["game_id"]
    refused(post(client, f"/v1/games/{game_id}/seats", b'{"name": "\\u0000"}'), 400, "invalid_body")
    for name in ("ann", "bob"):
        client.join(game_id, name)
    started = client.start(game_id, created["admin_token"])["version"]
    deadline = time.monotonic() + 15
    while client.view(game_id)["version"] == started:  # nobody plays: the timer plays for both seats
        assert time.monotonic() < deadline, "the turn timer did not play for a seat out of time"
        time.sleep(0.2)
