"""The card faces come from the game's catalog (`GET /v1/catalog/{game}`), read once per page after the table's first
drawing: the table must draw without them, draw them when the answer arrives, and ask again after a failed read
(web/src/games/table-kit.ts, `cardData`). Le Baron's faces are the ones that carry the most: the coloured symbols
and the points, drawn and said in each card's label."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.browser.table_play import CHANGED, open_table, seat_person_with_bots

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

pytestmark = pytest.mark.browser

SEED = "1c" * 32
CATALOG = "**/v1/catalog/le-baron"
RETRY_SECONDS = 5  # CATALOG_RETRY_MS in table-kit.ts


def test_the_faces_are_drawn_when_a_late_catalog_answer_arrives(page: Page, web_url: str) -> None:
    held: list[Route] = []

    def hold(route: Route) -> None:  # the answer is held until the table has drawn without it
        held.append(route)

    page.route(CATALOG, hold)
    seated = seat_person_with_bots(web_url, "le-baron", 2, {"rounds": 1}, SEED)
    table = open_table(page, web_url, seated)
    card = table.locator(".gt-hand [data-move]").first
    card.wait_for()
    assert held, "the table did not ask the catalog for the card sheet"
    assert table.locator(".lb-sym").count() == 0
    assert re.fullmatch(r"Play \d+", card.get_attribute("aria-label") or ""), "a card without its sheet is its number"
    for route in held:
        route.continue_()
    table.locator(".gt-hand .lb-sym").first.wait_for()
    expect(card).to_have_attribute("aria-label", re.compile(r"^Play \d+: .*point"))


def test_a_failed_catalog_read_is_asked_again_at_a_later_drawing(page: Page, web_url: str) -> None:
    failed: list[str] = []

    def fail_once(route: Route) -> None:
        if failed:
            route.continue_()
        else:
            failed.append(route.request.url)
            route.fulfill(status=503, json={"error": {"code": "unavailable", "message": "try again", "details": None}})

    page.route(CATALOG, fail_once)
    seated = seat_person_with_bots(web_url, "le-baron", 2, {"rounds": 1}, SEED)
    table = open_table(page, web_url, seated)
    table.locator(".gt-hand [data-move]").first.wait_for()
    assert failed, "the table did not ask the catalog for the card sheet"
    # drawn without the sheet, and not asked again at once (a failed read is not retried on every drawing)
    page.wait_for_timeout(500)
    assert table.locator(".lb-sym").count() == 0
    # past the retry delay, the next drawing (after the person's move) asks again and draws the faces
    page.wait_for_timeout(RETRY_SECONDS * 1000 + 200)
    version = int(table.get_attribute("data-version") or 0)
    table.locator(".gt-hand [data-move]").first.click()
    page.wait_for_function(CHANGED, arg=version)
    table.locator(".gt-hand .lb-sym").first.wait_for()
