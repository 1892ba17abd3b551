"""Le Barbu played whole in the browser: the person against three smart bots, one round (`max_rounds`), chosen by
the person (seat 0 chooses round 1). Played twice, once for each kind of contract: `queens` (tricks on the table)
and `reussite` (the suit lines and `pass`). Each game has a single contract in play so that what is played never
hangs on a bot's choice. The person clicks the contract, then cards and `pass`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.browser.conftest import DOCS_IMG
from tests.browser.table_play import (
    by_priority,
    check_the_end,
    open_table,
    play_to_the_end,
    seat_person_with_bots,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

CHOOSE = by_priority(["choose_contract", "play_card", "pass"])


def test_a_whole_game_of_tricks_by_clicks(page: Page, web_url: str) -> None:
    seated = seat_person_with_bots(web_url, "barbu", 4, {"contracts": ["queens"], "max_rounds": 1}, "ba" * 32)
    table = open_table(page, web_url, seated)
    contract = table.locator(".bb-contracts [data-move]")
    contract.wait_for()
    assert contract.get_attribute("aria-label") == "Choose the contract Queens: 25 points per queen won"
    contract.click()
    table.locator(".bb-current").wait_for()
    assert table.locator(".gt-hand .bb-card").count() == 13

    seen = {"trick": False}

    def trick_on_the_table(page: Page, clicks: int) -> bool:
        # cards of the trick being played, or the whole last trick once the person leads the next one (whether the
        # person ever plays into a trick of others depends on who wins which trick)
        laid = page.locator(".bb-current .card").count()
        seen["trick"] = seen["trick"] or laid >= 1 or page.locator(".bb-last .card").count() == 4
        # the README's picture: others' cards on the table and the person to play, else a later table
        return laid >= 2 or clicks >= 6

    played = play_to_the_end(
        page, CHOOSE, seconds=60, screenshot=DOCS_IMG / "table-barbu.png", shoot_when=trick_on_the_table, always=True
    )
    assert seen["trick"], "no trick was seen on the table"
    assert played.clicks >= 4  # queens stop once the four are won (`early_end`)
    view = check_the_end(page, web_url, seated)
    assert view["state"]["contract"] == "queens"


def test_a_whole_game_of_reussite_by_clicks(page: Page, web_url: str) -> None:
    seated = seat_person_with_bots(web_url, "barbu", 4, {"contracts": ["reussite"], "max_rounds": 1}, "bb" * 32)
    table = open_table(page, web_url, seated)
    table.get_by_role("button", name="Choose the contract Réussite", exact=False).click()
    table.locator(".bb-lines").wait_for()
    assert table.locator(".bb-line").count() == 4  # one line per suit, none opened yet

    seen = {"lines": 0}

    def lines_laid(page: Page, _: int) -> bool:
        seen["lines"] = max(seen["lines"], page.locator(".bb-line .card").count())
        return False

    played = play_to_the_end(page, CHOOSE, seconds=60, shoot_when=lines_laid, always=True)
    assert played.clicks >= 13  # the person's 13 cards, and a pass when nothing fits
    assert seen["lines"] > 1, "the réussite lines were never drawn"
    view = check_the_end(page, web_url, seated)
    assert view["state"]["contract"] == "reussite"
