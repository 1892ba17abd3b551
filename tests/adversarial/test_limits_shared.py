"""Rate limits shared by every API process (issue 16, "No client starves the others"): two `tapis serve` on one
Redis count each client in the same window, whichever process a request reaches.

Each test is other clients: its requests leave from loopback addresses of its own (127.0.x.y), so one test's spent
limits do not starve the next. Each pair of servers counts under a key prefix of its own (`TAPIS_RATE_KEY_PREFIX`).
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterator

import httpx
import pytest

from infra.embedded import ServiceUrls
from tests import local_http
from tests.adversarial.conftest import refused
from tests.e2e.client import Tapis, bearer
from tests.e2e.conftest import start_server, stop_server

pytestmark = pytest.mark.e2e


def servers(migrated: ServiceUrls, env: dict[str, str]) -> Iterator[tuple[str, str]]:
    shared = {**env, "TAPIS_RATE_KEY_PREFIX": f"tapis:limits:test-{secrets.token_hex(4)}"}
    first, a = start_server(migrated, shared)
    try:
        second, b = start_server(migrated, shared)
        try:
            yield a, b
        finally:
            stop_server(second)
    finally:
        stop_server(first)


@pytest.fixture(scope="module")
def pair(migrated: ServiceUrls) -> Iterator[tuple[str, str]]:
    """Two processes, per-client limits only: 3 failed authentications, 4 commands, 3 creations a minute."""
    env = {
        "TAPIS_RATE_FAILED_AUTH": "3/60",
        "TAPIS_RATE_COMMANDS": "4/60",
        "TAPIS_RATE_CREATE": "3/60",
        "TAPIS_RATE_CREATE_TOTAL": "0",
    }
    yield from servers(migrated, env)


@pytest.fixture(scope="module")
def proxied_pair(migrated: ServiceUrls) -> Iterator[tuple[str, str]]:
    """Two processes behind a proxy at 127.0.9.1; 4 creations a minute overall, 2 failed authentications a client."""
    env = {
        "TAPIS_RATE_FAILED_AUTH": "2/60",
        "TAPIS_RATE_CREATE": "0",
        "TAPIS_RATE_CREATE_TOTAL": "4/60",
        "TAPIS_TRUSTED_PROXIES": "127.0.9.1",
    }
    yield from servers(migrated, env)


def at(base: str, address: str) -> Tapis:
    return Tapis(local_http.client(base_url=base, timeout=30, transport=httpx.HTTPTransport(local_address=address)))


def limited(response: httpx.Response) -> None:
    error = refused(response, 429, "rate_limited")
    assert int(response.headers["retry-after"]) >= 1
    assert error["details"]["retry_after"] == int(response.headers["retry-after"])


def create(client: Tapis, **headers: str) -> httpx.Response:
    return client.http.post("/v1/games", json={"game": "six-nimmt", "players": 2}, headers=headers)


def test_creations_per_client_are_one_limit_across_processes(pair: tuple[str, str]) -> None:
    a, b = at(pair[0], "127.0.1.1"), at(pair[1], "127.0.1.1")
    for client in (a, b, a):
        assert create(client).status_code == 201
    limited(create(b))
    limited(create(a))
    assert create(at(pair[1], "127.0.1.2")).status_code == 201, "another client is not limited"


def test_commands_per_client_are_one_limit_across_processes(pair: tuple[str, str]) -> None:
    owner = at(pair[0], "127.0.1.10")
    game_id, _, tokens = owner.new_game("six-nimmt", 2)
    a, b = at(pair[0], "127.0.1.11"), at(pair[1], "127.0.1.11")
    for client in (a, b, a, b):
        assert client.command(game_id, tokens[0], {"type": "no_such_move"}).status_code == 400
    limited(a.command(game_id, tokens[0], {"type": "no_such_move"}))
    limited(b.command(game_id, tokens[0], {"type": "no_such_move"}))
    assert b.view(game_id, tokens[0])["status"] == "active", "reads are not commands"
    assert at(pair[1], "127.0.1.12").command(game_id, tokens[0], {"type": "no_such_move"}).status_code == 400


def test_failed_authentications_never_lock_out_a_valid_token(pair: tuple[str, str]) -> None:
    owner = at(pair[0], "127.0.1.20")
    game_id, _, tokens = owner.new_game("six-nimmt", 2)
    a, b = at(pair[0], "127.0.1.21"), at(pair[1], "127.0.1.21")
    for client in (a, b, a):
        refused(client.http.get(f"/v1/games/{game_id}", headers=bearer("guess")), 401, "invalid_token")
    # the limit is spent on both processes: what would fail is refused, as a read or as a command
    limited(b.http.get(f"/v1/games/{game_id}", headers=bearer("guess")))
    limited(a.http.get(f"/v1/games/{game_id}/legal-moves", headers=bearer("another guess")))
    limited(b.command(game_id, "guess", {"type": "play_card", "card": 1}))
    limited(a.command(game_id, None, {"type": "play_card", "card": 1}))  # no token at all fails too
    # a valid token from the same address passes, on both processes, however often the address failed
    for client in (a, b):
        assert client.view(game_id, tokens[0])["status"] == "active"
        assert client.moves(game_id, tokens[1])
        assert client.http.get(f"/v1/games/{game_id}").status_code == 200, "a spectator, no credentials"
    moves = a.moves(game_id, tokens[0])
    assert a.command(game_id, tokens[0], moves[0]).status_code == 200, "a valid token's command is played"
    limited(a.http.get(f"/v1/games/{game_id}", headers=bearer("guess")))
    refused(at(pair[1], "127.0.1.22").http.get(f"/v1/games/{game_id}", headers=bearer("x")), 401, "invalid_token")


def test_x_forwarded_for_is_ignored_when_no_proxy_is_trusted(pair: tuple[str, str]) -> None:
    """The header neither lets a guesser escape its limit nor spends a victim's."""
    owner = at(pair[0], "127.0.1.30")
    game_id, _, _ = owner.new_game("six-nimmt", 2)
    attacker, victim = at(pair[0], "127.0.1.31"), at(pair[1], "127.0.1.32")
    for n in range(3):
        # each failure names the victim, then another address each time
        spoof = {"X-Forwarded-For": "127.0.1.32" if n == 0 else f"10.0.0.{n}", **bearer("guess")}
        refused(attacker.http.get(f"/v1/games/{game_id}", headers=spoof), 401, "invalid_token")
    limited(attacker.http.get(f"/v1/games/{game_id}", headers={"X-Forwarded-For": "10.9.9.9", **bearer("guess")}))
    refused(victim.http.get(f"/v1/games/{game_id}", headers=bearer("typo")), 401, "invalid_token")
    for _ in range(3):
        assert create(attacker, **{"X-Forwarded-For": "127.0.1.32"}).status_code == 201
    limited(create(attacker, **{"X-Forwarded-For": "10.1.1.1"}))
    assert create(victim).status_code == 201, "the victim's creations were not spent"


def test_a_trusted_proxy_names_the_client_and_only_it(proxied_pair: tuple[str, str]) -> None:
    owner = at(proxied_pair[0], "127.0.2.1")
    game_id = create(owner).json()["game_id"]
    a, b = at(proxied_pair[0], "127.0.9.1"), at(proxied_pair[1], "127.0.9.1")  # the proxy, in front of both
    for client in (a, b):
        refused(
            client.http.get(f"/v1/games/{game_id}", headers={"X-Forwarded-For": "203.0.113.7", **bearer("g")}),
            401,
            "invalid_token",
        )
    limited(a.http.get(f"/v1/games/{game_id}", headers={"X-Forwarded-For": "203.0.113.7", **bearer("g")}))
    # another client behind the same proxy; and one that wrote its own header before the proxy appended
    refused(
        b.http.get(f"/v1/games/{game_id}", headers={"X-Forwarded-For": "203.0.113.8", **bearer("g")}),
        401,
        "invalid_token",
    )
    spoofed = {"X-Forwarded-For": "203.0.113.8, 203.0.113.7", **bearer("g")}
    limited(b.http.get(f"/v1/games/{game_id}", headers=spoofed))
    # a peer that is not the proxy is limited by its own address, whatever it forwards
    direct = at(proxied_pair[1], "127.0.2.2")
    for _ in range(2):
        refused(
            direct.http.get(f"/v1/games/{game_id}", headers={"X-Forwarded-For": "203.0.113.9", **bearer("g")}),
            401,
            "invalid_token",
        )
    limited(direct.http.get(f"/v1/games/{game_id}", headers={"X-Forwarded-For": "203.0.113.10", **bearer("g")}))


def test_creations_overall_are_one_limit_across_processes(proxied_pair: tuple[str, str]) -> None:
    """4 a minute by everyone: each client creates once, alternating the processes, until one is refused; neither
    process made 4 itself, so the refusal counts both."""
    made: Counter[str] = Counter()
    for n in range(5):
        base = proxied_pair[n % 2]
        response = create(at(base, f"127.0.2.{10 + n}"))
        if response.status_code != 201:
            break
        made[base] += 1
    limited(response)
    assert "being created" in response.json()["error"]["message"]
    assert 3 <= made.total() <= 4 and len(made) == 2 and max(made.values()) <= 2, made
    limited(create(at(proxied_pair[0], "127.0.2.21")))
    limited(create(at(proxied_pair[1], "127.0.2.22")))
