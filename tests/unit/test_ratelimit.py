"""Token buckets for the per-client limits, and the token rules (random 256 bits, hashed, constant-time compare)."""

from __future__ import annotations

import hashlib
import inspect

import pytest

from api.ratelimit import Buckets, Rate
from services import auth
from services.ports import GameRecord


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_rate_parse() -> None:
    assert Rate.parse("60/60") == Rate(60, 60.0)
    assert Rate.parse("5") == Rate(5, 1.0)
    assert Rate.parse("off").count == 0 == Rate.parse("0").count
    with pytest.raises(ValueError):
        Rate.parse("5/0")


def test_a_burst_then_one_token_per_interval() -> None:
    clock = Clock()
    buckets = Buckets(Rate(3, 30.0), clock)
    assert [buckets.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert buckets.take("a") == pytest.approx(10.0)
    assert buckets.take("b") == 0.0, "another client has its own bucket"
    clock.now = 9.0
    assert buckets.wait("a") == pytest.approx(1.0)
    clock.now = 10.0
    assert buckets.take("a") == 0.0
    assert buckets.take("a") > 0


def test_no_limit_and_a_bounded_table() -> None:
    assert all(Buckets(Rate(0, 1.0)).take("a") == 0.0 for _ in range(1000))
    buckets = Buckets(Rate(1, 60.0), Clock(), max_clients=10)
    for n in range(100):
        buckets.take(str(n))
    assert len(buckets._buckets) == 10


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
