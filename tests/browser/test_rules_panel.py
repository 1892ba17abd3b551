"""The rules of each game, for its players, in French and in English (web/src/rules.ts, web/src/i18n/rules.ts): the
table's Rules button opens them in a modal dialog that Esc closes (the focus back on the button), and the create form
offers them beside the game's options, each of which has its help line."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests import local_http
from tests.browser.conftest import DESKTOP, _page, keep
from tests.e2e.client import Tapis

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

PLAYERS = {"six-nimmt": 3, "le-baron": 3, "barbu": 4, "daron": 3, "bohnanza": 3}
# (button, dialog title, one word each game's rules must use) per language: the players' vocabulary in French
WORDS = {
    "fr": {
        "button": "Règles",
        "title": "Règles de {game}",
        "six-nimmt": "têtes de bœuf",
        "le-baron": "le Baron",
        "barbu": "Salade",
        "daron": "bagarre générale",
        "bohnanza": "haricot",
    },
    "en": {
        "button": "Rules",
        "title": "Rules of {game}",
        "six-nimmt": "bull heads",
        "le-baron": "the Baron",
        "barbu": "Salad",
        "daron": "Brawl",
        "bohnanza": "bean-o-meter",
    },
}
SECTIONS = 6  # each game's rules come in six sections (goal, cards or deal, turn, …)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_games_rules_open_from_the_table_and_the_create_form_and_close_with_escape(
    browser: Browser, web_url: str, lang: str
) -> None:
    words = WORDS[lang]
    with local_http.client(base_url=web_url, timeout=30) as http:
        api = Tapis(http)
        titles = {entry["game"]: entry["title"] for entry in http.get("/v1/catalog").json()["games"]}
        games = {game: api.create(game, players)["game_id"] for game, players in PLAYERS.items()}
    errors: list[str] = []
    for page in _page(browser, DESKTOP, locale="fr-FR" if lang == "fr" else "en-US"):
        page.on("pageerror", lambda error: errors.append(str(error)))
        for game, game_id in games.items():
            page.goto(f"{web_url}/?game={game_id}")
            opener = page.get_by_role("toolbar").get_by_role("button", name=words["button"], exact=True)
            opener.click()
            dialog = page.get_by_role("dialog", name=words["title"].format(game=titles[game]))
            expect(dialog).to_be_visible()
            expect(dialog.locator("section[data-section]")).to_have_count(SECTIONS)
            expect(dialog).to_contain_text(words[game])
            assert page.locator("html").get_attribute("lang") == lang
            if game == "barbu":
                keep(page, f"rules-barbu-{lang}")
            page.keyboard.press("Escape")
            expect(page.locator("dialog.rules")).to_have_count(0)
            expect(opener).to_be_focused()

        # the create form: the rules of the game chosen, and a help line under every option it draws
        page.goto(f"{web_url}/")
        form = page.locator("form").first
        for game in PLAYERS:
            form.locator("select[name=game]").select_option(game)
            opener = form.get_by_role("button", name=words["title"].format(game=titles[game]))
            opener.click()
            dialog = page.get_by_role("dialog", name=words["title"].format(game=titles[game]))
            expect(dialog).to_contain_text(words[game])
            dialog.get_by_role("button").first.click()  # the Close button
            expect(page.locator("dialog.rules")).to_have_count(0)
            options = form.locator("[data-option]")
            for index in range(options.count()):
                option = options.nth(index)
                help_line = option.locator(":scope > small").first
                name = option.get_attribute("data-option")
                assert help_line.count() == 1, f"{game}: option {name} has no help line"
                assert help_line.inner_text().strip(), f"{game}: option {name} has an empty help line"
        assert errors == []
