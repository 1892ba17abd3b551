"""`/schema` in a real browser: Swagger UI draws the whole spec from this server alone (api/schema_site.py).

The e2e test (tests/e2e/test_schema_site.py) checks the page's tags; here Chromium runs the page's scripts, so a
request the bundle would make by itself (a CDN, an online validator, a font) is seen too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page, Request

pytestmark = pytest.mark.browser


def test_swagger_ui_draws_the_spec_with_nothing_from_elsewhere(page: Page, web_url: str) -> None:
    requested: list[str] = []
    failed: list[str] = []

    def seen(request: Request) -> None:
        requested.append(request.url)

    page.on("request", seen)
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.goto(f"{web_url}/schema")
    page.locator(".swagger-ui .info .title", has_text="Tapis").wait_for()
    # the whole spec: the command operation and the per-game schemas the served document adds to Litestar's
    page.locator(".opblock-summary-path", has_text="/v1/games/{game_id}/commands").first.wait_for()
    page.locator(".models", has_text="SixNimmtPlayCard").first.wait_for()
    origin = urlsplit(web_url).netloc
    outside = [url for url in requested if urlsplit(url).scheme in {"http", "https"} and urlsplit(url).netloc != origin]
    assert not outside, outside
    assert not failed, failed
    assert f"{web_url}/schema/openapi.json" in requested
