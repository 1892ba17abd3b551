"""The web client's security headers (api/page_headers.py), on the built pages as they are committed."""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

import pytest

from api.page_headers import PageHeaders, content_security_policy, frame_ancestors_problem
from api.static_files import WEB_STATIC


def directives(policy: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in policy.split("; ")}


def test_the_policy_allows_no_inline_script_and_only_the_pages_own_style_blocks() -> None:
    policy = directives(content_security_policy(WEB_STATIC, "'none'"))
    assert policy["script-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    blocks = [
        b for page in WEB_STATIC.glob("*.html") for b in re.findall(rb"<style>(.*?)</style>", page.read_bytes(), re.S)
    ]
    assert blocks, "the pages hold style blocks: each must be allowed by its hash"
    for block in blocks:
        digest = base64.b64encode(hashlib.sha256(block).digest()).decode()
        assert f"'sha256-{digest}'" in policy["style-src"]
    assert "'unsafe-inline'" not in policy["style-src"] and "'unsafe-eval'" not in policy["script-src"]
    for page in WEB_STATIC.glob("*.html"):
        assert not re.search(rb"<script(?![^>]*\bsrc=)[^>]*>", page.read_bytes()), f"{page.name}: an inline script"


async def headers_of(frame_ancestors: str) -> dict[bytes, bytes]:
    sent: list[Any] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/html")]})

    async def send(message: Any) -> None:
        sent.append(message)

    await PageHeaders(app, WEB_STATIC, frame_ancestors)({"type": "http"}, None, send)  # type: ignore[arg-type]
    return dict(sent[0]["headers"])


async def test_nothing_may_frame_the_pages_by_default() -> None:
    headers = await headers_of("'none'")
    assert headers[b"x-frame-options"] == b"DENY"
    assert headers[b"x-content-type-options"] == b"nosniff"
    assert headers[b"referrer-policy"] == b"no-referrer"
    assert b"frame-ancestors 'none'" in headers[b"content-security-policy"]


async def test_a_portal_that_embeds_the_table_is_listed_and_nothing_else() -> None:
    headers = await headers_of("https://portal.example https://play.example:8443")
    assert b"frame-ancestors https://portal.example https://play.example:8443" in headers[b"content-security-policy"]
    assert b"x-frame-options" not in headers  # it cannot name origins: the CSP alone speaks


@pytest.mark.parametrize(
    "value", ["", "*", "https://x.example; script-src *", "'none' https://x.example", "javascript:"]
)
def test_a_frame_ancestors_setting_that_is_not_a_list_of_sources_is_refused(value: str) -> None:
    assert frame_ancestors_problem(value) is not None
    with pytest.raises(ValueError, match="TAPIS_FRAME_ANCESTORS"):
        PageHeaders(None, WEB_STATIC, value)  # type: ignore[arg-type]
