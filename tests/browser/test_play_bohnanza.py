"""Bohnanza played whole in the browser: the person against two smart bots (3 players, the base game; the deck runs
out three times, there is no shorter option). The person plants, turns up, answers the bots' proposals, plants
what is pending and harvests by clicks, and once composes a proposal of their own (a gift of a turned-up card).

The bots' trading window (TAPIS_BOT_TRADE_WINDOW_SECONDS, 5 s by default, docs/games/bohnanza.md) would hold
each bot turn for people to trade: this module's server turns it off, so the game runs at the bots' pace.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from infra.embedded import ServiceUrls
from tests.browser.conftest import DOCS_IMG
from tests.browser.table_play import (
    CHANGED,
    by_priority,
    check_the_end,
    open_table,
    play_to_the_end,
    seat_person_with_bots,
)
from tests.e2e.conftest import serving

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SEED = "b0" * 32
CHOOSE = by_priority(["accept_trade", "decline_trade", "plant", "turn_up", "plant_pending", "end_trading", "harvest"])


@pytest.fixture(scope="module")
def quick_trading_url(web_url: str, service_urls: ServiceUrls) -> Iterator[str]:
    """A server like `web_url`'s (which checks that the client is built and migrates the database) whose bots end
    their trading at once."""
    with serving(service_urls, {"TAPIS_BOT_TRADE_WINDOW_SECONDS": "0"}) as base:
        yield base


def test_a_whole_game_by_clicks_ends_with_the_servers_scores(quick_trading_url: str, page: Page) -> None:
    base = quick_trading_url
    seated = seat_person_with_bots(base, "bohnanza", 3, {}, SEED)
    table = open_table(page, base, seated)
    # three fields per seat at 3 players, each seat's shown; the person's hand of five, front first
    assert table.locator(".bn-seat").count() == 3
    assert table.locator(".bn-seat.you .bn-field").count() == 3
    assert table.locator(".gt-hand .bn-card").count() == 5

    # the person's first turn: plant the front card, turn up two cards
    table.locator("[data-move*='\"plant\"']").first.click()
    table.get_by_role("button", name="End planting and turn up two cards").click()
    table.locator(".bn-face-up .bn-card").first.wait_for()

    # compose a gift by clicks: to the first bot, the first turned-up card, nothing wanted
    composer = table.locator(".bn-composer")
    composer.locator("summary").click()
    composer.locator("[data-focus='to:1']").click()
    composer.locator("[data-focus='turned-up:0']").click()
    send = table.locator(".bn-composer [data-focus='send-proposal']")
    assert send.get_attribute("data-move") is not None
    assert '"give_face_up":[0]' in (send.get_attribute("data-move") or "")
    version = int(table.get_attribute("data-version") or 0)
    send.click()
    page.wait_for_function(CHANGED, arg=version)
    assert page.locator("#error").text_content() == "", "the composed gift was refused"

    played = play_to_the_end(
        page,
        CHOOSE,
        seconds=150,
        screenshot=DOCS_IMG / "table-bohnanza.png",
        shoot_when=lambda page, clicks: clicks >= 8 and page.locator(".bn-face-up .bn-card").count() > 0,
    )
    assert played.clicks >= 10
    check_the_end(page, base, seated)
