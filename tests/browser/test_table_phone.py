"""Each game's table on a 390x844 phone: the person's seat at a started game against bots, drawn with its legal
moves, never wider than the screen (no sideways scroll, no control cut off at the right edge), and the README's
phone picture of it, docs/img/table-<game>-phone.png (six-nimmt's is taken while test_play_six_nimmt plays a game
on a phone).

Phone first (issue 31, item 3): a game of each of the five played by clicks at phone size, in French and in English;
at every decision, the page scrolled to its top, the person's hand (every card of it), what the table asks of them
(the prompt) and the controls to act lie within the 390x844 screen, and the page raises no error."""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.conftest import DOCS_IMG, PHONE, _page, keep
from tests.browser.table_play import (
    Move,
    by_priority,
    no_sideways_scroll,
    open_table,
    page_errors,
    play_to_the_end,
    seat_person_with_bots,
    shoot,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

# the decisions looked at per game and language: the whole game, but bohnanza's first 60 (a whole bohnanza game is
# 110 to 125 decisions and about 80 s, the bots' trading windows mostly; the first 60 go through every phase)
DECISIONS = {"bohnanza": 60}

# What is left of phone first (issue 31, item 3): the share of decisions at which something of the decision was off
# the first screen in the last runs, per game, with a margin. Barbu: none. Six-nimmt: the third row of a ten-card
# hand, once in some runs (1 of 10, at the first turn). Le-baron: the hand under five full rows (0-2 of about 42).
# Daron: the deposits' list under a hand of twenty cards (0-3 of 50 to 70). Bohnanza: the hand and the harvest
# buttons under the trading panel (9-17 of the first 60). A change that pushes more off fails here; one that brings
# a game to none should lower its bound to 0.
STILL_OFF = {"six-nimmt": 0.15, "barbu": 0.0, "le-baron": 0.1, "daron": 0.1, "bohnanza": 0.35}

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


# each game as its test_play_* test plays it: (seats, options, seed, the move the person picks)
PLAYED: dict[str, tuple[int, dict[str, Any], str, Callable[[list[Move]], int]]] = {
    "six-nimmt": (3, {"end": {"kind": "rounds", "rounds": 1}}, "6e" * 32, by_priority(["choose_row", "play_card"])),
    "le-baron": (2, {"rounds": 1}, "1b" * 32, by_priority(["choose_row", "play_card"])),
    "barbu": (4, {"contracts": ["queens"], "max_rounds": 1}, "ba" * 32, by_priority(["choose_contract", "play_card"])),
    "daron": (2, {}, "da" * 32, by_priority(["deposit", "draw", "pass", "accept", "riposte", "brawl", "duel"])),
    "bohnanza": (
        3,
        {},
        "b0" * 32,
        by_priority(["accept_trade", "decline_trade", "plant", "turn_up", "plant_pending", "end_trading", "harvest"]),
    ),
}

# at the page's top (no scrolling), what of the decision lies outside the screen or is covered: the hand's cards,
# the prompt, the enabled moves (a control in a folded <details>, bohnanza's proposal composer, has no box and is
# not counted)
OFF_SCREEN = """() => {
  window.scrollTo(0, 0);
  const [width, height] = [window.innerWidth, window.innerHeight];
  const table = document.querySelector('.gt-table');
  // outside the screen, or under something else drawn over its middle (a bar over the hand would hide what it covers)
  const off = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    if (box.top < -0.5 || box.left < -0.5 || box.bottom > height + 0.5 || box.right > width + 0.5) return true;
    const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return seen === null || !(el === seen || el.contains(seen));
  };
  // a list of controls that scrolls in place (daron's deposits, dozens with jokers in hand) is on the first screen
  // when the list's own box is: its controls are there, a swipe away inside it
  const scroller = (el) => {
    for (let at = el.parentElement; at !== null && at !== table; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (/auto|scroll/.test(style.overflowY) && at.scrollHeight > at.clientHeight + 1) return at;
    }
    return null;
  };
  const out = (el) => off(scroller(el) ?? el);
  const words = (el) => `${el.getAttribute('aria-label') ?? el.textContent.trim().slice(0, 60)}`
    + ` @${Math.round(el.getBoundingClientRect().top)}`;
  const cards = Array.from(table.querySelectorAll('.gt-hand .card'));
  const moves = Array.from(table.querySelectorAll('[data-move]:not([disabled])'));
  const prompt = table.querySelector('.gt-prompt');
  return {cards: cards.length, moves: moves.length, hand: cards.filter(out).map(words),
          controls: moves.filter(out).map(words), prompt: prompt !== null && off(prompt) ? words(prompt) : null};
}"""


@pytest.mark.parametrize("locale", ["fr-FR", "en-US"])
@pytest.mark.parametrize("game", list(PLAYED))
def test_the_hand_and_the_decision_are_on_the_first_screen(
    browser: Browser, web_url: str, game: str, locale: str
) -> None:
    players, options, seed, choose = PLAYED[game]
    seated = seat_person_with_bots(web_url, game, players, options, seed)
    phone = contextmanager(_page)(browser, PHONE, locale=locale, is_mobile=True, has_touch=True, device_scale_factor=3)
    with phone as page:
        console: list[str] = []
        # the page's own errors; not Chromium's line for a refused request (a move a bot's move made stale, which the
        # page shows in words), which the play loop counts and bounds
        page.on(
            "console",
            lambda message: (
                console.append(message.text)
                if message.type == "error" and not message.text.startswith("Failed to load resource")
                else None
            ),
        )
        open_table(page, web_url, seated)
        seen: list[dict[str, Any]] = []
        problems: list[str] = []

        def look(page: Page, clicks: int) -> bool:
            shown = page.evaluate(OFF_SCREEN)
            seen.append(shown)
            if shown["hand"] or shown["controls"] or shown["prompt"]:
                if not problems:  # what the first one looked like, among the artifacts (gitignored)
                    keep(page, f"phone-first-screen-{game}-{locale}-{clicks + 1}")
                problems.append(f"decision {clicks + 1}: {shown}")
            return False

        most = DECISIONS.get(game)
        played = play_to_the_end(page, choose, seconds=150, shoot_when=look, always=True, clicks_at_most=most)
        # looked at before each click (and before a click that found its move gone, drawn again by a bot's move)
        assert played.clicks >= 3 and len(seen) >= played.clicks
        assert all(shown["moves"] > 0 for shown in seen)
        assert any(shown["cards"] > 0 for shown in seen), f"{game}: no hand seen"
        share = len(problems) / len(seen)
        print(
            f"{game} ({locale}): {len(problems)} of {len(seen)} decisions off the first screen, {played.seconds:.0f} s"
        )
        assert share <= STILL_OFF[game], (
            f"{game} ({locale}) at 390x844, {len(problems)} of {len(seen)} decisions off the first screen "
            f"(at most {STILL_OFF[game]:.0%}):\n" + "\n".join(problems[:4])
        )
        assert page_errors(page) == [], page_errors(page)
        assert console == [], console
