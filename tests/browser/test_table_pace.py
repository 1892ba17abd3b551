"""Each bot's action shown for a moment (issue 31, item 2): at a six-nimmt table against two bots, once the person
has played, the table steps through what the bots did one action at a time (web/src/table/pace.ts): a sentence in
the page's language says it (the describer, web/src/describe/) and the bot's seat is lit, for the pace the page
asks (`?pace=<ms>`, here 700) before the next; then the live view, the person's moves and no seat lit but the last.
At pace 0 (what the other browser tests run at, conftest's `pace`) the last action is still said."""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pytest

from tests.browser.conftest import DESKTOP, _page
from tests.browser.table_play import open_table, page_errors, seat_person_with_bots

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

GAME = ("six-nimmt", 3, {"end": {"kind": "rounds", "rounds": 1}}, "6e" * 32)

# what the table shows now: the sentence, the seats lit, the version drawn, the moves offered, and whether it is
# showing an action (a view older than the game's: `data-stepping` on the felt)
SHOWN = """() => {
  const table = document.querySelector('.gt-table');
  return {said: document.querySelector('.felt .said')?.textContent ?? '',
          acting: Array.from(document.querySelectorAll('.gt-seat.acting'), (el) => Number(el.dataset.seat)),
          version: Number(table?.dataset.version ?? 0),
          moves: table?.querySelectorAll('[data-move]').length ?? 0,
          stepping: document.querySelector('.felt')?.dataset.stepping === 'true'};
}"""

# the person asked (a move offered, on the live view) or the game over
AWAITED = """() => {
  const table = document.querySelector('.gt-table');
  return table?.dataset.status === 'finished' || (document.querySelector('.felt')?.dataset.stepping !== 'true'
    && table?.dataset.awaitingMe === 'true' && table.querySelector('[data-move]') !== null);
}"""

# the move the test makes: a row to take when asked, else the first card of the hand
MOVE = ".gt-table [data-move*='choose_row'], .gt-table [data-move*='play_card']"


def _bot_names(page: Page) -> dict[str, int]:
    """The bots' names as the seats show them, and their seats."""
    names: dict[str, int] = page.evaluate(
        "() => Object.fromEntries(Array.from(document.querySelectorAll('.gt-seat:not(.you)'),"
        " (el) => [el.querySelector('.gt-name').textContent, Number(el.dataset.seat)]))"
    )
    return names


def _named(sentence: str, names: dict[str, int]) -> int | None:
    """The seat of the bot a sentence names (the longest name it holds: "robot malin 2" holds "robot malin")."""
    held = [name for name in names if name in sentence]
    return names[max(held, key=len)] if held else None


def _watch(page: Page, seconds: float = 15) -> list[dict[str, object]]:
    """What the table shows every 50 ms (each change once) until the person is asked again or the game is over."""
    seen: list[dict[str, object]] = []
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        shown = page.evaluate(SHOWN)
        if not seen or shown != seen[-1]:
            seen.append(shown)
        if len(seen) > 1 and page.evaluate(AWAITED):
            break
        page.wait_for_timeout(50)
    return seen


@pytest.mark.parametrize(
    ("locale", "verb", "revealed"),
    [("fr-FR", "a choisi une carte", "sont révélées"), ("en-US", "chose a card", "are revealed")],
)
def test_each_action_is_said_and_its_seat_lit(
    browser: Browser, web_url: str, locale: str, verb: str, revealed: str
) -> None:
    game, players, options, seed = GAME
    seated = seat_person_with_bots(web_url, game, players, options, seed)
    with contextmanager(_page)(browser, DESKTOP, locale=locale) as page:
        open_table(page, web_url, seated)
        page.goto(f"{web_url}/?game={seated.game_id}&pace=700")
        bots: dict[str, int] = {}
        seen: list[dict[str, object]] = []
        for _ in range(4):  # a few moves of the person, until both bots were seen choosing a card
            page.wait_for_function(AWAITED, timeout=20_000)
            bots = bots or _bot_names(page)
            page.locator(MOVE).first.dispatch_event("click")
            seen += _watch(page)
            chose = {_named(str(shown["said"]), bots) for shown in seen if verb in str(shown["said"])}
            if chose >= set(bots.values()):
                break
        assert len(bots) == 2, bots
        # each bot's choice said in a sentence naming it, its seat lit meanwhile
        chose_shown = [shown for shown in seen if verb in str(shown["said"])]
        assert {_named(str(shown["said"]), bots) for shown in chose_shown} == set(bots.values()), seen
        for shown in chose_shown:
            assert shown["acting"] == [_named(str(shown["said"]), bots)], shown
        # what the person's card set off is shown too (the reveal), and no move is offered while actions are shown
        assert any(revealed in str(shown["said"]) for shown in seen), seen
        assert all(shown["moves"] == 0 for shown in seen if shown["stepping"]), seen
        # one action at a time, each for a moment: the sentences come one after the other
        sentences = [str(shown["said"]) for shown in seen if shown["said"]]
        assert len(dict.fromkeys(sentences)) >= 3, sentences
        assert page_errors(page) == [], page_errors(page)


def test_at_pace_zero_the_last_action_is_still_said(browser: Browser, web_url: str) -> None:
    game, players, options, seed = GAME
    seated = seat_person_with_bots(web_url, game, players, options, seed)
    with contextmanager(_page)(browser, DESKTOP) as page:  # conftest's pace: 0
        open_table(page, web_url, seated)
        page.wait_for_function("() => document.querySelector('.gt-table [data-move]') !== null", timeout=20_000)
        page.locator(".gt-table [data-move*='play_card']").first.dispatch_event("click")
        page.wait_for_function("() => (document.querySelector('.felt .said')?.textContent ?? '') !== ''")
        page.wait_for_function("() => document.querySelector('.gt-table [data-move]') !== null", timeout=20_000)
        assert page.evaluate(SHOWN)["said"]
        assert page_errors(page) == [], page_errors(page)
