"""The table follows the game's SSE stream (fetch, with the seat's token) and resumes it after a dropped
connection with `Last-Event-ID`: what happened while the page was offline shows once it is back, and the resumed
request starts right after the last event the page had seen."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import httpx
import pytest

from tests.browser.test_lobby import api_view, create_six_nimmt, game_id_of

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

pytestmark = pytest.mark.browser


def test_the_stream_resumes_with_last_event_id_after_a_dropped_connection(page: Page, web_url: str) -> None:
    create_six_nimmt(page, web_url)
    game_id = game_id_of(page)
    page.get_by_label("Your name").fill("Ada")
    page.get_by_role("button", name="Join", exact=True).click()
    page.get_by_text("— you").wait_for()
    version = api_view(web_url, game_id)["version"]

    # the next stream the page opens is cut after one event: Bea's join, which happens just then
    streams: list[dict[str, str]] = []
    fed: list[int] = []
    cut = False

    def drop_after_one_event(route: Route) -> None:
        nonlocal cut
        streams.append(route.request.headers)
        if cut:
            route.continue_()
            return
        cut = True
        joined = httpx.post(f"{web_url}/v1/games/{game_id}/seats", json={"name": "Bea"}, timeout=10)
        assert joined.status_code == 201
        fed.append(joined.json()["version"])
        event = {"version": fed[0], "type": "PlayerJoined", "data": {}}
        body = f"id: {event['version']}\ndata: {json.dumps(event)}\n\n"
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)

    page.route("**/v1/games/*/stream", drop_after_one_event)
    page.reload()
    page.get_by_text("Seat 2: Bea").wait_for()
    page.wait_for_function("() => document.querySelector('.live')?.textContent === 'Live'", timeout=30_000)
    assert len(streams) >= 2, streams
    first, resumed = streams[0], streams[1]
    assert first["authorization"].startswith("Bearer "), "the stream is read with the seat's token"
    # from the version the page had read (the projection read above may lag it), then right after the one event
    # the page got before the cut
    assert version <= int(first["last-event-id"]) < fed[0]
    assert resumed["last-event-id"] == str(fed[0])
    assert resumed["authorization"] == first["authorization"]
    assert page.locator("#error").text_content() == ""
