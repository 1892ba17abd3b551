"""Webhook rules without servers: URL and topic checks, the signature a portal verifies, the backoff."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from services.errors import ServiceError
from services.webhooks import RetryPolicy, check_topics, check_url, signature, topic_of, wants


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:8080/hook", "https://portal.example/tapis?x=1", "http://[::1]:9/h", "HTTPS://A.EXAMPLE/"]
)
def test_http_and_https_urls_with_a_host_are_accepted(url: str) -> None:
    assert check_url(url) == url


@pytest.mark.parametrize(
    "url",
    [
        "ftp://portal.example/h",
        "file:///etc/passwd",
        "javascript:alert(1)",
        "portal.example/h",
        "http://",
        "https:///h",
        "http://exa mple/h",
        "http://a.example/\n",
        "http://[::1/h",
        "http://a.example:99999/h",
        "http://a.example/" + "x" * 2100,
        "",
    ],
)
def test_other_urls_are_refused_with_422(url: str) -> None:
    with pytest.raises(ServiceError) as refused:
        check_url(url)
    assert (refused.value.status, refused.value.code) == (422, "invalid_webhook_url")


def test_topics() -> None:
    assert check_topics(["game.finished", "game.finished", "*"]) == ["game.finished", "*"]
    for bad in ([], ["game.ended"], ["GameEnded"]):
        with pytest.raises(ServiceError) as refused:
            check_topics(bad)
        assert (refused.value.status, refused.value.code) == (422, "invalid_topics")
    assert [topic_of(t) for t in ("GameCreated", "PlayerJoined", "GameStarted", "GameEnded", "CardChosen")] == [
        "game.created",
        "player.joined",
        "game.started",
        "game.finished",
        "game.event",
    ]
    assert wants(["*"], "game.event") and wants(["game.started"], "game.started")
    assert not wants(["game.started"], "game.event")


def test_the_signature_is_hmac_sha256_of_time_dot_body() -> None:
    body = b'{"id":"g:1"}'
    header = signature("whsec_s", 1700000000, body)
    t, v1 = (p.split("=", 1)[1] for p in header.split(","))
    assert t == "1700000000"
    assert v1 == hmac.new(b"whsec_s", b"1700000000." + body, hashlib.sha256).hexdigest()
    assert signature("whsec_s", 1700000001, body) != header  # the time is signed: a replay cannot move it


def test_backoff_doubles_up_to_its_cap_then_gives_up() -> None:
    policy = RetryPolicy(max_attempts=6, base_seconds=1, max_seconds=10)
    assert [policy.retry_in(a) for a in range(1, 7)] == [1, 2, 4, 8, 10, None]
