"""Six-nimmt played whole in the browser: the person against two smart bots over one round (the fewest rounds the
options allow), on a desktop and on a 390x844 phone, clicking the cards of the hand and the rows offered."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DOCS_IMG
from tests.browser.table_play import (
    by_priority,
    check_the_end,
    no_sideways_scroll,
    open_table,
    play_to_the_end,
    seat_person_with_bots,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

OPTIONS = {"end": {"kind": "rounds", "rounds": 1}}
SEED = "6e" * 32
CHOOSE = by_priority(["choose_row", "play_card", "draft_card"])


def test_a_whole_game_by_clicks_ends_with_the_servers_scores(page: Page, web_url: str) -> None:
    seated = seat_person_with_bots(web_url, "six-nimmt", 3, OPTIONS, SEED)
    table = open_table(page, web_url, seated)
    # the table shows the rows with their heads, every seat, and the person's ten cards as moves
    rows = table.locator(".sn-row")
    assert rows.count() == 4
    assert table.locator(".gt-seat").count() == 3
    hand = table.locator(".gt-hand [data-move]")
    assert hand.count() == 10
    # the heads come from the catalog, whose answer may arrive after the first drawing: expect() waits for it
    expect(hand.first).to_have_attribute("aria-label", re.compile("bull head"))
    played = play_to_the_end(
        page, CHOOSE, seconds=60, screenshot=DOCS_IMG / "table-six-nimmt.png", shoot_when=lambda _, clicks: clicks == 4
    )
    assert played.clicks >= 10  # one card a turn, and a row when asked
    check_the_end(page, web_url, seated)


def test_a_whole_game_on_a_phone(phone_page: Page, web_url: str) -> None:
    page = phone_page
    seated = seat_person_with_bots(web_url, "six-nimmt", 4, OPTIONS, "6f" * 32)
    open_table(page, web_url, seated)
    page.locator(".gt-table [data-move]").first.wait_for()
    assert no_sideways_scroll(page) == 0, "the table scrolls sideways on a 390 px phone"
    play_to_the_end(
        page,
        CHOOSE,
        seconds=60,
        screenshot=DOCS_IMG / "table-six-nimmt-phone.png",
        shoot_when=lambda _, clicks: clicks == 3,
    )
    assert no_sideways_scroll(page) == 0
    check_the_end(page, web_url, seated)
