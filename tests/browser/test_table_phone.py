"""Each game's table on a 390x844 phone: the person's seat at a started game against bots, drawn with its legal
moves, never wider than the screen (no sideways scroll, no control cut off at the right edge), and the README's
phone picture of it, docs/img/table-<game>-phone.png (six-nimmt's is taken while test_play_six_nimmt plays a game
on a phone)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.conftest import DOCS_IMG, PHONE
from tests.browser.table_play import (
    no_sideways_scroll,
    open_table,
    page_errors,
    seat_person_with_bots,
    shoot,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# (seats, options, seed): the games the test_play_* tests play
GAMES: dict[str, tuple[int, dict[str, Any], str]] = {
    "le-baron": (2, {"rounds": 1}, "1b" * 32),
    "barbu": (4, {"contracts": ["queens"], "max_rounds": 1}, "ba" * 32),
    "daron": (2, {}, "da" * 32),
    "bohnanza": (3, {}, "b0" * 32),
}

# the right edge of every control and card on the table, past the viewport's width (none: nothing is cut off)
CUT_OFF = """(width) => Array
  .from(document.querySelectorAll('.gt-table button, .gt-table .card, .gt-table [data-move]'))
  .filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > width + 0.5)
  .map((el) => el.getAttribute('aria-label') ?? el.textContent)"""


@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_fits_a_phone(phone_page: Page, web_url: str, game: str) -> None:
    page = phone_page
    players, options, seed = GAMES[game]
    seated = seat_person_with_bots(web_url, game, players, options, seed)
    open_table(page, web_url, seated)
    # the person's turn, its moves drawn (the bots may move first)
    page.wait_for_function(
        "() => { const t = document.querySelector('.gt-table');"
        " return t?.dataset.awaitingMe === 'true' && t.querySelector('[data-move]') !== null; }",
        timeout=20_000,
    )
    assert no_sideways_scroll(page) == 0, f"{game}'s table scrolls sideways on a 390 px phone"
    assert page.evaluate(CUT_OFF, PHONE["width"]) == [], f"{game}: controls past the right edge"
    shoot(page, DOCS_IMG / f"table-{game}-phone.png")
    assert page_errors(page) == [], page_errors(page)
