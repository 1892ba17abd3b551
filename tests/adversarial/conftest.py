"""The adversarial suite (issue 16): every hostile request found against `make run`, replayed against a real
`tapis serve` over HTTP (and, for what the HTTP parser refuses, a raw socket).

Each test asserts the fixed behaviour: the status, the stable code of docs/errors.md, the JSON error envelope, and
that nothing changed (a game's view and events, the portal's games and webhooks, the same before and after).
The server is the e2e tests' (`tests/e2e/conftest.py`), with a portal key configured for the portal endpoints.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from infra.embedded import ServiceUrls
from tests import local_http
from tests.e2e.client import Tapis, bearer
from tests.e2e.conftest import serving

PORTAL_KEY = "adversarial-portal-key"


@pytest.fixture(scope="session")
def hostile_server(migrated: ServiceUrls) -> Iterator[str]:
    with serving(migrated, {"TAPIS_API_KEYS": PORTAL_KEY}) as base:
        yield base


@pytest.fixture(scope="session")
def client(hostile_server: str) -> Iterator[Tapis]:
    """Every request carries the portal key: creating a game needs it once keys are configured."""
    with local_http.client(base_url=hostile_server, timeout=30, headers={"X-API-Key": PORTAL_KEY}) as http:
        yield Tapis(http, direct=True)


@pytest.fixture(scope="session")
def lobby(client: Tapis) -> tuple[str, str]:
    """A six-nimmt game in the lobby, one seat taken: (game id, admin token)."""
    created = client.create("six-nimmt", 3)
    client.join(created["game_id"], "ann")
    return created["game_id"], created["admin_token"]


@pytest.fixture(scope="session")
def running(client: Tapis) -> tuple[str, str, list[str]]:
    """A six-nimmt game under way: (game id, admin token, player tokens)."""
    return client.new_game("six-nimmt", 3)


@pytest.fixture(scope="session")
def webhook(client: Tapis) -> str:
    response = client.http.post("/v1/webhooks", json={"url": "http://127.0.0.1:9/hook", "topics": ["game.created"]})
    assert response.status_code == 201, response.text
    webhook_id: str = response.json()["webhook_id"]
    return webhook_id


def refused(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    """The response is the JSON error envelope with this status and code; its `error` object is returned."""
    assert response.status_code == status, (response.request.method, str(response.request.url)[:200], response.text)
    assert response.headers["content-type"].startswith("application/json"), response.headers
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "details"}, body
    assert body["error"]["code"] == code, body
    assert body["error"]["message"]
    error: dict[str, Any] = body["error"]
    return error


def game_state(client: Tapis, game_id: str, token: str | None = None) -> tuple[Any, ...]:
    """What a hostile request must not change: the view (its version and ETag), and every event."""
    view = client.http.get(f"/v1/games/{game_id}", headers=bearer(token))
    assert view.status_code == 200, view.text
    events = client.http.get(f"/v1/games/{game_id}/events", params={"limit": 1000}, headers=bearer(token))
    assert events.status_code == 200, events.text
    return view.headers["etag"], view.json(), events.json()


def portal_state(client: Tapis) -> tuple[Any, ...]:
    """The portal's games (each with its seats taken) and webhooks: a refused creation, join or registration adds
    none. Not the games' versions or statuses, nor the webhooks' circuit breakers: earlier tests' games with bots go
    on playing in the background, and their webhooks' deliveries to closed ports fail and retry meanwhile."""
    games = client.http.get("/v1/games", params={"limit": 1000})
    hooks = client.http.get("/v1/webhooks")
    assert games.status_code == 200 and hooks.status_code == 200, (games.text, hooks.text)
    listed = sorted((g["game_id"], g["game"], g["players"], g["seats_taken"]) for g in games.json()["games"])
    registered = sorted(
        (hook["webhook_id"], hook["url"], hook["topics"], hook["created_at"]) for hook in hooks.json()["webhooks"]
    )
    return listed, registered


def raw_exchange(base: str, request: bytes, timeout: float = 5.0) -> bytes:
    """Send `request` as it is over a fresh connection; everything the server sent back until it closed."""
    host, port = base.removeprefix("http://").split(":")
    received = b""
    with socket.create_connection((host, int(port)), timeout=timeout) as conn:
        conn.sendall(request)
        try:
            while chunk := conn.recv(65536):
                received += chunk
        except TimeoutError:
            pass
    return received
