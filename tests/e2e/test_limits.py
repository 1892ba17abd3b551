"""Per-client limits over HTTP: failed authentications and commands get 429 with Retry-After; a big body gets 413.

Each test is another client: its requests leave from another loopback address (127.0.0.x), so one test's spent
buckets do not starve the next.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from infra.embedded import ServiceUrls
from tests import local_http
from tests.e2e.client import Tapis, bearer
from tests.e2e.conftest import serving

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def strict_server(migrated_urls: ServiceUrls) -> Iterator[str]:
    env = {"TAPIS_RATE_FAILED_AUTH": "3/60", "TAPIS_RATE_COMMANDS": "4/60", "TAPIS_MAX_BODY_BYTES": "1024"}
    with serving(migrated_urls, env) as base:
        yield base


def client(base: str, address: str) -> Tapis:
    return Tapis(local_http.client(base_url=base, timeout=30, transport=httpx.HTTPTransport(local_address=address)))


def limited(response: httpx.Response) -> None:
    assert response.status_code == 429, response.text
    assert int(response.headers["retry-after"]) >= 1
    assert response.json()["error"]["code"] == "rate_limited"


def test_failed_authentications_are_limited_per_client(strict_server: str) -> None:
    alice, bob = client(strict_server, "127.0.0.2"), client(strict_server, "127.0.0.3")
    game_id, _, tokens = alice.new_game("six-nimmt", 2)
    for _ in range(3):
        assert alice.http.get(f"/v1/games/{game_id}", headers=bearer("guess")).status_code == 401
    limited(alice.http.get(f"/v1/games/{game_id}", headers=bearer("guess")))
    # only what fails is refused: a valid token from the same client passes (api/ratelimit.py), and so does a look
    # without credentials
    assert alice.http.get(f"/v1/games/{game_id}", headers=bearer(tokens[0])).status_code == 200
    assert alice.http.get(f"/v1/games/{game_id}").status_code == 200
    # another client is not
    assert bob.http.get(f"/v1/games/{game_id}", headers=bearer(tokens[0])).status_code == 200


def test_commands_are_limited_per_client(strict_server: str) -> None:
    carol, dave = client(strict_server, "127.0.0.4"), client(strict_server, "127.0.0.5")
    game_id, _, tokens = carol.new_game("six-nimmt", 2)
    for _ in range(4):
        assert carol.command(game_id, tokens[0], {"type": "no_such_move"}).status_code == 400
    limited(carol.command(game_id, tokens[0], {"type": "no_such_move"}))
    assert carol.view(game_id, tokens[0])["status"] == "active", "reads are not commands"
    assert dave.command(game_id, tokens[0], {"type": "no_such_move"}).status_code == 400


def test_a_body_over_the_limit_gets_413(strict_server: str) -> None:
    erin = client(strict_server, "127.0.0.6")
    response = erin.http.post(
        "/v1/games", content=b'{"game": "' + b"x" * 2000 + b'"}', headers={"content-type": "application/json"}
    )
    assert response.status_code == 413, response.text
    assert response.json()["error"]["code"] == "body_too_large"
