"""A NUL byte (or any control character) in an id or a query value, and integers beyond Postgres' range in a query.

Each answered 500 (asyncpg refused the NUL in text, or the integer for its column) and now gets 400 before any
store is asked.
"""

from __future__ import annotations

import pytest

from tests.adversarial.conftest import game_state, portal_state, refused
from tests.e2e.client import Tapis, bearer

pytestmark = pytest.mark.e2e

NUL_GAME_PATHS = [
    ("GET", "/v1/games/%00"),
    ("GET", "/v1/games/%00/events"),
    ("GET", "/v1/games/%00/seats"),  # no GET route: 405 comes first, still the envelope
    ("POST", "/v1/games/%00/seats"),
    ("POST", "/v1/games/%00/commands"),
    ("GET", "/v1/games/%00/audit"),
    ("GET", "/v1/games/%00/stream"),
    ("GET", "/v1/games/%00/legal-moves"),
    ("GET", "/v1/games/%00/replay?version=1"),
    ("GET", "/v1/games/%00/export"),
    ("POST", "/v1/games/%00/start"),
    ("POST", "/v1/games/%00/leave"),
    ("POST", "/v1/games/%00/forfeit"),
    ("POST", "/v1/games/%00/rematch"),
    ("GET", "/v1/games/ab%00cd"),
    ("GET", "/v1/games/%01"),
    ("GET", "/v1/games/%7F"),
]
NUL_WEBHOOK_PATHS = [
    ("GET", "/v1/webhooks/%00"),
    ("DELETE", "/v1/webhooks/%00"),
    ("GET", "/v1/webhooks/%00/deliveries"),
]


@pytest.mark.parametrize(("method", "path"), NUL_GAME_PATHS + NUL_WEBHOOK_PATHS)
def test_a_control_character_in_an_id_is_invalid_path(client: Tapis, method: str, path: str) -> None:
    before = portal_state(client)
    headers = {"Authorization": "Bearer not-a-token", "content-type": "application/json"}
    response = client.http.request(method, path, headers=headers, content=b'{"name": "x"}' if method == "POST" else b"")
    if path == "/v1/games/%00/seats" and method == "GET":
        refused(response, 405, "method_not_allowed")
    else:
        refused(response, 400, "invalid_path")
    assert portal_state(client) == before


def test_a_nul_in_a_query_value_is_invalid_query(
    client: Tapis, running: tuple[str, str, list[str]], webhook: str
) -> None:
    game_id, _, tokens = running
    before = game_state(client, game_id, tokens[0]), portal_state(client)
    cases = [
        (f"/v1/webhooks/{webhook}/deliveries?game_id=%00", "game_id"),
        (f"/v1/webhooks/{webhook}/deliveries?game_id={game_id}%00", "game_id"),
        ("/v1/games?game=%00", "game"),  # with the portal key: the listing asks Postgres
        ("/v1/games?game=six-nimmt&status=%00", "status"),
        ("/v1/games?status=lobby&%00=1", "?"),  # in a name: shown with the control character as "?"
        (f"/v1/games/{game_id}/events?after=%00", "after"),
    ]
    for path, parameter in cases:
        error = refused(client.http.get(path, headers=bearer(tokens[0])), 400, "invalid_query")
        assert error["details"] == {"parameter": parameter}, (path, error)
    assert (game_state(client, game_id, tokens[0]), portal_state(client)) == before


def test_a_nul_in_a_query_is_refused_without_the_key_too(client: Tapis) -> None:
    response = client.http.get("/v1/games?game=%00", headers={"X-API-Key": ""})
    refused(response, 400, "invalid_query")


def test_integers_beyond_postgres_range_in_a_query(
    client: Tapis, running: tuple[str, str, list[str]], webhook: str
) -> None:
    game_id, _, tokens = running
    before = game_state(client, game_id, tokens[0])
    big = "9" * 5000
    cases = [
        (f"/v1/games/{game_id}/events?after=2147483648", "after"),  # a version is a Postgres integer
        (f"/v1/games/{game_id}/events?after=9223372036854775808", "after"),
        (f"/v1/games/{game_id}/events?after={big}", "after"),
        (f"/v1/games/{game_id}/replay?version=2147483648", "version"),
        (f"/v1/webhooks/{webhook}/deliveries?before=9223372036854775808", "before"),  # a delivery id is a bigint
        (f"/v1/webhooks/{webhook}/deliveries?before={big}", "before"),
        (f"/v1/games/{game_id}/events?limit=9223372036854775808", "limit"),
    ]
    for path, parameter in cases:
        error = refused(client.http.get(path, headers=bearer(tokens[0])), 400, "invalid_query")
        assert [e["key"] for e in error["details"]] == [parameter], error
        assert len(error["message"]) < 200, "the message does not repeat the URL"
    # the largest value each column holds is a query like any other
    last = client.http.get(f"/v1/games/{game_id}/events?after=2147483647", headers=bearer(tokens[0]))
    assert last.status_code == 200 and last.json()["events"] == [], last.text
    deliveries = client.http.get(f"/v1/webhooks/{webhook}/deliveries?before=9223372036854775807")
    assert deliveries.status_code == 200, deliveries.text
    assert game_state(client, game_id, tokens[0]) == before
