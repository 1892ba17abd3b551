"""Le Baron played whole in the browser: the person against a smart bot, one round (the fewest the options allow),
clicking the cards of the hand and, when asked, the rows offered; the keyboard focus survives the redraws."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DOCS_IMG
from tests.browser.table_play import (
    CHANGED,
    by_priority,
    check_the_end,
    open_table,
    play_to_the_end,
    seat_person_with_bots,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SEED = "1b" * 32


def test_a_whole_game_by_clicks_ends_with_the_servers_scores(page: Page, web_url: str) -> None:
    seated = seat_person_with_bots(web_url, "le-baron", 2, {"rounds": 1}, SEED)
    table = open_table(page, web_url, seated)
    assert table.locator(".sn-row").count() == 5
    card = table.locator(".gt-hand [data-move]").first
    card.wait_for()
    # the coloured symbols are drawn, and said in words, once the card sheet has come from the catalog: the table
    # draws before that answer and again when it arrives (a slow catalog answer once failed CI here)
    table.locator(".gt-hand .lb-sym").first.wait_for()
    expect(card).to_have_attribute("aria-label", re.compile(r"^Play .*point"))

    # a move played from the keyboard; the focus stays on the table after it redraws
    version = int(table.get_attribute("data-version") or 0)
    card.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(CHANGED, arg=version)
    page.wait_for_function("() => document.activeElement?.closest('.gt-table') !== null")

    played = play_to_the_end(
        page,
        by_priority(["choose_row", "play_card"]),
        seconds=60,
        screenshot=DOCS_IMG / "table-le-baron.png",
        shoot_when=lambda _, clicks: clicks == 3,
    )
    assert played.clicks >= 10
    check_the_end(page, web_url, seated)
