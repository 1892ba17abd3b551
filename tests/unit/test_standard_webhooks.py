"""The Standard Webhooks headers, checked by the `standardwebhooks` library as a portal would check them: a
signature it accepts, a tampered body or a stale timestamp it refuses, and the secrets of endpoints registered
before the standard headers (URL-safe base64) mapped to the form the library takes."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time

import pytest
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from services.webhooks import (
    message_id,
    new_secret,
    signing_key,
    standard_secret,
    standard_signature,
)

BODY = b'{"id":"g:1","topic":"game.created","version":1}'


def headers(secret: str, msg_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": standard_signature(secret, msg_id, timestamp, body),
    }


def test_a_new_secret_is_taken_by_the_library_as_is() -> None:
    secret = new_secret()
    assert secret.startswith("whsec_") and len(base64.b64decode(secret.removeprefix("whsec_"))) == 32
    assert standard_secret(secret) == secret
    now = int(time.time())
    assert Webhook(secret).verify(BODY, headers(secret, message_id(7), now, BODY)) == {
        "id": "g:1",
        "topic": "game.created",
        "version": 1,
    }


def test_a_tampered_body_a_stale_or_future_timestamp_and_another_id_fail() -> None:
    secret = new_secret()
    now = int(time.time())
    signed = headers(secret, "msg_7", now, BODY)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(BODY.replace(b"g:1", b"g:2"), signed)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(BODY, {**signed, "webhook-id": "msg_8"})  # the id is signed: no moving it
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(BODY, {**signed, "webhook-timestamp": str(now + 1)})
    # correctly signed, but ten minutes old (the library's tolerance is five): a replay
    stale = now - 600
    with pytest.raises(WebhookVerificationError, match="too old"):
        Webhook(secret).verify(BODY, headers(secret, "msg_7", stale, BODY))
    with pytest.raises(WebhookVerificationError, match="too new"):
        Webhook(secret).verify(BODY, headers(secret, "msg_7", now + 600, BODY))
    with pytest.raises(WebhookVerificationError):
        Webhook(new_secret()).verify(BODY, signed)  # another endpoint's secret


def test_an_endpoint_registered_before_keeps_its_random_bytes_as_its_key() -> None:
    # what `secrets.token_urlsafe(32)` made: URL-safe base64 without padding, here with both `-` and `_`
    raw = bytes(range(250, 256)) + bytes(range(26)) + b"\xfb\xef"
    legacy = "whsec_" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    assert "-" in legacy and "_" in legacy
    assert signing_key(legacy) == raw
    converted = standard_secret(legacy)
    assert converted == "whsec_" + base64.b64encode(raw).decode()
    now = int(time.time())
    assert Webhook(converted).verify(BODY, headers(legacy, "msg_1", now, BODY), json_parse=False) is None
    # the library alone would read the URL-safe form wrongly (it drops `-` and `_`): the conversion is needed
    with pytest.raises(WebhookVerificationError):
        Webhook(legacy).verify(BODY, headers(legacy, "msg_1", now, BODY))


def test_a_secret_that_is_not_base64_signs_with_its_own_bytes() -> None:
    assert signing_key("whsec_x") == b"whsec_x"
    now = int(time.time())
    assert Webhook(standard_secret("whsec_x")).verify(BODY, headers("whsec_x", "msg_1", now, BODY))


def test_the_signature_matches_the_specification_by_hand() -> None:
    # the specification's signed content: "{id}.{timestamp}.{body}", HMAC-SHA256 under the decoded secret
    secret = "whsec_" + base64.b64encode(b"k" * 32).decode()
    mac = hmac.new(b"k" * 32, b"msg_1.1700000000." + BODY, hashlib.sha256).digest()
    assert standard_signature(secret, "msg_1", 1700000000, BODY) == "v1," + base64.b64encode(mac).decode()
