"""The rate limits on `limits`' memory storage, who a client is, and the token rules (random 256 bits, hashed,
constant-time compare)."""

from __future__ import annotations

import hashlib
import inspect
from typing import Any

import pytest

from api.ratelimit import Limiter, Rate, client_address, parse_trusted
from services import auth
from services.ports import GameRecord


def test_rate_parse() -> None:
    assert Rate.parse("60/60") == Rate(60, 60)
    assert Rate.parse("5") == Rate(5, 1)
    assert Rate.parse("off").off and Rate.parse("0").off
    for bad in ("5/0", "5/0.5", "-1/60", "x/60"):
        with pytest.raises(ValueError):
            Rate.parse(bad)


def memory_limiter(failed_auth: str = "0", commands: str = "0", create: str = "0", create_total: str = "0") -> Limiter:
    return Limiter(Rate.parse(failed_auth), Rate.parse(commands), Rate.parse(create), Rate.parse(create_total))


async def test_a_moving_window_per_client_with_the_wait_until_a_slot_frees() -> None:
    limiter = memory_limiter(failed_auth="3/30")
    assert [await limiter.failed_authentication("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = await limiter.failed_authentication("a")
    assert 29 < wait <= 30
    assert await limiter.failed_authentication("b") == 0.0, "another client has its own window"


async def test_creations_per_client_then_overall() -> None:
    limiter = memory_limiter(create="2/60", create_total="3/60")
    assert (await limiter.creation("a"))[0] == 0.0
    assert (await limiter.creation("a"))[0] == 0.0
    wait, why = await limiter.creation("a")
    assert wait > 0 and "this client" in why
    assert (await limiter.creation("b"))[0] == 0.0
    wait, why = await limiter.creation("c")
    assert wait > 0 and "being created" in why, "the third creation overall"


async def test_off_is_no_limit_and_a_storage_error_lets_requests_through() -> None:
    limiter = memory_limiter()
    assert all([await limiter.command("a") == 0.0 for _ in range(1000)])
    broken = Limiter(Rate(1, 60), Rate(0, 1), Rate(0, 1), Rate(0, 1), redis_url="redis://127.0.0.1:9/0")
    assert await broken.failed_authentication("a") == 0.0, "nothing listens on port 9: fail open"
    await broken.aclose()


def scope(peer: str, *forwarded: str) -> dict[str, Any]:
    return {"client": (peer, 5000), "headers": [(b"x-forwarded-for", value.encode()) for value in forwarded]}


def test_the_client_is_the_peer_unless_the_peer_is_a_trusted_proxy() -> None:
    none, proxies = parse_trusted(""), parse_trusted("10.0.0.0/8, 127.0.0.1,::1")
    assert client_address(scope("127.0.0.1", "6.6.6.6"), none) == "127.0.0.1", "no trusted proxy: header ignored"
    assert client_address(scope("192.0.2.7", "6.6.6.6"), proxies) == "192.0.2.7", "an untrusted peer's header"
    assert client_address(scope("127.0.0.1", "203.0.113.9"), proxies) == "203.0.113.9"
    # read from the right: what the client wrote itself stands left of what our proxies appended
    assert client_address(scope("127.0.0.1", "6.6.6.6, 203.0.113.9, 10.1.2.3"), proxies) == "203.0.113.9"
    assert client_address(scope("127.0.0.1", "6.6.6.6", "203.0.113.9"), proxies) == "203.0.113.9"
    assert client_address(scope("127.0.0.1", "not-an-ip"), proxies) == "127.0.0.1"
    assert client_address(scope("127.0.0.1", "junk, 10.0.0.1"), proxies) == "10.0.0.1"
    assert client_address(scope("127.0.0.1"), proxies) == "127.0.0.1"
    assert client_address(scope("::ffff:127.0.0.1", "203.0.113.9"), proxies) == "203.0.113.9"
    assert client_address({"client": None, "headers": []}, proxies) == "unknown"
    with pytest.raises(ValueError):
        parse_trusted("10.0.0.0/33")


def test_tokens_are_256_random_bits_stored_hashed_and_compared_in_constant_time() -> None:
    tokens = {auth.new_token() for _ in range(100)}
    assert len(tokens) == 100
    assert all(len(t) >= 43 for t in tokens)  # 32 bytes in URL-safe base64: 256 bits >= 128
    token = tokens.pop()
    record = GameRecord("g", "six-nimmt", b"s" * 32, auth.token_hash(token), {0: auth.token_hash("other")})
    assert auth.token_hash(token) == hashlib.sha256(token.encode()).digest() != token.encode()
    assert auth.identify(record, token) == auth.Principal(role="admin")
    assert auth.identify(record, "other") == auth.Principal(role="player", seat=0)
    assert auth.identify(record, token[:-1]) is None
    assert "compare_digest" in inspect.getsource(auth.identify)
