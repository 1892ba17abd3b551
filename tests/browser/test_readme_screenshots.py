"""The README's French pictures: each game's table as a French browser (`locale="fr-FR"`) shows it, on a desktop
(1280x900) and on a 390x844 phone, at a moment the person has a move to make. One game started per case, with the
seeds and short options the test_play_<game>.py files use; the pictures go to DOCS_IMG (the artifacts under
`make test`, docs/img/ under `make screenshots`), and each case checks the page is French, the hand and a legal move
are shown, and nothing threw."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, DOCS_IMG, PHONE, _page
from tests.browser.table_play import open_table, page_errors, seat_person_with_bots

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

# game, players, options, seed: the shortest games the options allow (only the first decision is reached here)
GAMES: list[tuple[str, int, dict[str, Any], str]] = [
    ("six-nimmt", 3, {"end": {"kind": "rounds", "rounds": 1}}, "6e" * 32),
    ("le-baron", 2, {"rounds": 1}, "1b" * 32),
    ("barbu", 4, {"contracts": ["queens"], "max_rounds": 1}, "ba" * 32),
    ("daron", 2, {}, "da" * 32),
    ("bohnanza", 3, {}, "b0" * 32),
]


@pytest.fixture(params=["desktop", "phone"])
def french_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[tuple[Page, str]]:
    """A French browser's page, as a desktop or as a phone's touch screen; with the suffix its pictures take."""
    if request.param == "phone":
        for page in _page(browser, PHONE, locale="fr-FR", is_mobile=True, has_touch=True, device_scale_factor=3):
            yield page, "-phone"
    else:
        for page in _page(browser, DESKTOP, locale="fr-FR"):
            yield page, ""


@pytest.mark.parametrize(("game", "players", "options", "seed"), GAMES, ids=[game for game, *_ in GAMES])
def test_a_french_table_awaiting_the_person(
    french_page: tuple[Page, str], web_url: str, game: str, players: int, options: dict[str, Any], seed: str
) -> None:
    page, suffix = french_page
    seated = seat_person_with_bots(web_url, game, players, options, seed)
    open_table(page, web_url, seated)
    # the bots may move first: wait until the table is drawn awaiting the person, the game running
    awaited = page.locator('.gt-table[data-awaiting-me="true"][data-status="active"]')
    awaited.wait_for()
    assert page.locator("html").get_attribute("lang") == "fr"
    expect(awaited.get_by_role("region", name=re.compile(r"^Votre main"))).to_be_visible()
    move = awaited.locator("[data-move]:not([disabled])").first
    expect(move).to_be_visible()
    if game == "six-nimmt":
        # the bull heads come with the catalog, which may answer after the first drawing
        expect(awaited.locator(".gt-hand [data-move]").first).to_have_attribute("aria-label", re.compile("bœuf"))
    region = page.get_by_role("region", name="La table", exact=True)
    expect(region).to_contain_text("Votre main")
    DOCS_IMG.mkdir(parents=True, exist_ok=True)
    region.screenshot(path=str(DOCS_IMG / f"table-{game}-fr{suffix}.png"), animations="disabled")
    assert page_errors(page) == [], page_errors(page)
