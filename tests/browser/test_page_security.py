"""The pages under their own Content-Security-Policy (api/page_headers.py), in Chromium enforcing it.

- Clickjacking: another site frames a Tapis page to make a player click through it. The pages say
  `frame-ancestors 'none'`, and Chromium refuses to draw them in the other site's frame, while the same page opened
  on its own draws as usual (the control that shows the check can fail).
- The pages work under the policy: the lobby, a table with a game being played, the replay viewer and the audit
  page draw, and Chromium reports no violation (no inline script, no style attribute the policy refuses)."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page


@pytest.fixture
def other_site(tmp_path: Path, web_url: str) -> Iterator[str]:
    """A page on another origin (another port of the loopback) that frames the lobby."""
    (tmp_path / "frame.html").write_text(
        f'<!doctype html><title>other site</title><iframe id="victim" src="{web_url}/" width="800" height="600">'
        "</iframe>"
    )
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/frame.html"
    finally:
        server.shutdown()
        server.server_close()


def test_a_page_is_not_drawn_in_another_sites_frame(strict_page: Page, web_url: str, other_site: str) -> None:
    page = strict_page
    response = page.goto(web_url + "/")
    assert response is not None
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert page.locator("a.brand").is_visible(), "the control: on its own, the page draws"

    # Chromium says so on the console when it refuses a frame (no load event tells it): waited for, not slept on
    with page.expect_console_message(lambda message: "frame-ancestors" in message.text, timeout=15_000):
        page.goto(other_site)
    victim = next(frame for frame in page.frames if frame is not page.main_frame)
    assert victim.locator("a.brand").count() == 0, "the framed page drew"


def test_the_pages_draw_under_their_policy_without_a_violation(strict_page: Page, web_url: str) -> None:
    page = strict_page
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(web_url + "/")
    page.get_by_role("button", name="Create").first.wait_for()
    for path in ("/replay.html", "/audit.html"):
        page.goto(web_url + path)
        page.locator("main").wait_for()
    assert violations == [], violations
