"""Le Jeu du Daron played whole in the browser: the person against a smart bot over the three rounds the rules fix
(there are no options to shorten it). A deposit is picked by clicks: cards of the hand narrow the deposits offered,
then one is clicked; duels, brawls, draws and passes are buttons."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.conftest import DOCS_IMG
from tests.browser.table_play import (
    check_the_end,
    open_table,
    play_to_the_end,
    seat_person_with_bots,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SEED = "da" * 32
ORDER = ["deposit", "draw", "pass", "accept", "riposte", "brawl", "duel"]


def shed_most(moves: list[dict[str, Any]]) -> int:
    """The longest deposit (the game ends sooner), else the first move in ORDER."""

    def rank(move: dict[str, Any]) -> tuple[int, int]:
        kind = ORDER.index(move["type"]) if move["type"] in ORDER else len(ORDER)
        return kind, -len(move.get("cards", []))

    ranks = [rank(move) for move in moves]
    return ranks.index(min(ranks))


def test_a_whole_game_by_clicks_ends_with_the_servers_scores(page: Page, web_url: str) -> None:
    seated = seat_person_with_bots(web_url, "daron", 2, {}, SEED)
    table = open_table(page, web_url, seated)
    table.locator(".dr-top").wait_for()
    page.wait_for_function("() => document.querySelector('.gt-table')?.dataset.awaitingMe === 'true'")

    # picking a card of the hand leaves only the deposits that hold it; clearing the pick shows them all again
    deposits = table.locator("[data-move*='\"deposit\"']")
    every = deposits.count()
    pick = table.locator(".gt-hand button.pickable").first
    if every and pick.count():
        card = pick.get_attribute("data-card")
        pick.click()
        assert table.locator(".gt-hand button.pickable[aria-pressed='true']").count() == 1
        narrowed = [json.loads(move or "{}") for move in deposits.evaluate_all("els => els.map(e => e.dataset.move)")]
        assert narrowed and all(card in move["cards"] for move in narrowed)
        assert len(narrowed) <= every
        table.get_by_role("button", name="Clear the picked cards").click()
        assert deposits.count() == every

    played = play_to_the_end(
        page, shed_most, seconds=120, screenshot=DOCS_IMG / "table-daron.png", shoot_when=lambda _, clicks: clicks == 5
    )
    assert played.clicks >= 3
    view = check_the_end(page, web_url, seated)
    assert view["state"]["round"] == 3
