"""Each game's table on a 390x844 phone: the person's seat at a started game against bots, drawn with its legal
moves, never wider than the screen (no sideways scroll, no control cut off at the right edge), and the README's
phone picture of it, docs/img/table-<game>-phone.png (six-nimmt's is taken while test_play_six_nimmt plays a game
on a phone).

Phone first (issue 31, item 3): a game of each of the five played by clicks at phone size, in French and in English;
at every decision, the page scrolled to its top, the person's hand (every card of it), what the table asks of them
(the prompt) and every enabled control to act lie within the 390x844 screen and are not covered, at every decision
(none may fail), and the page raises no error. On a phone the hand and the moves beside it are a bar kept at the
screen's bottom (games.css, `.gt-dock`), and the hand is one row that scrolls sideways inside it: a card or control
inside a box that scrolls in place (that row, daron's list of deposits, bohnanza's trading panel) counts as on the
first screen when that box is wholly on it and uncovered, and the box shows at least one of its cards or controls:
the rest are a swipe away inside it, which is what a phone user expects. What of it is shown must not be covered
either. Everything else (the prompt, every other enabled control) must be wholly inside the screen."""

from __future__ import annotations

from contextlib import AbstractContextManager, contextmanager
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
# 110 to 125 decisions, about 40 s with the browser server's 1 s trading window; the first 60 go through every phase)
DECISIONS = {"bohnanza": 60}

# (seats, options, seed): the games the test_play_* tests play
GAMES: dict[str, tuple[int, dict[str, Any], str]] = {
    "le-baron": (2, {"rounds": 1}, "1b" * 32),
    "barbu": (4, {"contracts": ["queens"], "max_rounds": 1}, "ba" * 32),
    "daron": (2, {}, "da" * 32),
    "bohnanza": (3, {}, "b0" * 32),
}

# the right edge of every control and card on the table, past the viewport's width (none: nothing is cut off); one in
# a row that scrolls sideways (the hand on a phone) is a swipe away when the row itself lies within the screen
CUT_OFF = """(width) => Array
  .from(document.querySelectorAll('.gt-table button, .gt-table .card, .gt-table [data-move]'))
  .filter((el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 0.5) return false;
    for (let at = el.parentElement; at !== null; at = at.parentElement) {
      if (/auto|scroll/.test(getComputedStyle(at).overflowX) && at.scrollWidth > at.clientWidth + 1) {
        return at.getBoundingClientRect().right > width + 0.5;
      }
    }
    return true;
  })
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
# not counted); a box that scrolls in place and shows none of its items. Looked at once the cards stopped moving.
OFF_SCREEN = """async () => {
  // the layout once the cards have moved (games/motion.ts): a card sliding to its place passes over other things
  await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null)));
  window.scrollTo(0, 0);
  const [width, height] = [window.innerWidth, window.innerHeight];
  const table = document.querySelector('.gt-table');
  const covered = (el, x, y) => {
    const seen = document.elementFromPoint(x, y);
    return seen === null || !(el === seen || el.contains(seen));
  };
  // outside the screen, or under something else drawn over its middle (the bar over a control would hide it)
  const off = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    if (box.top < -0.5 || box.left < -0.5 || box.bottom > height + 0.5 || box.right > width + 0.5) return true;
    return covered(el, box.left + box.width / 2, box.top + box.height / 2);
  };
  // the box that scrolls in place holding el (the hand's row, sideways; daron's deposits, bohnanza's trading panel)
  const scroller = (el) => {
    for (let at = el.parentElement; at !== null && at !== table; at = at.parentElement) {
      const style = getComputedStyle(at);
      if ((/auto|scroll/.test(style.overflowY) && at.scrollHeight > at.clientHeight + 1)
          || (/auto|scroll/.test(style.overflowX) && at.scrollWidth > at.clientWidth + 1)) return at;
    }
    return null;
  };
  // within its scroller's visible part (else scrolled away inside it: a swipe away, not off the screen)
  const inside = (el, at) => {
    const box = el.getBoundingClientRect();
    const view = at.getBoundingClientRect();
    return box.left >= view.left - 0.5 && box.right <= view.right + 0.5
      && box.top >= view.top - 0.5 && box.bottom <= view.bottom + 0.5;
  };
  const shown = new Map();
  const out = (el) => {
    const at = scroller(el);
    if (at === null) return off(el);
    if (!shown.has(at)) shown.set(at, false);
    if (off(at)) return true;
    if (!inside(el, at)) return false;
    shown.set(at, true);
    const box = el.getBoundingClientRect();
    return covered(el, box.left + box.width / 2, box.top + box.height / 2);
  };
  const words = (el) => `${el.getAttribute('aria-label') ?? el.textContent.trim().slice(0, 60)}`
    + ` @${Math.round(el.getBoundingClientRect().top)}`;
  const cards = Array.from(table.querySelectorAll('.gt-hand .card'));
  const moves = Array.from(table.querySelectorAll('[data-move]:not([disabled])'));
  const hand = cards.filter(out).map(words);
  const controls = moves.filter(out).map(words);
  const prompt = table.querySelector('.gt-prompt');
  const empty = Array.from(shown).filter(([, any]) => !any).map(([at]) => words(at));
  return {cards: cards.length, moves: moves.length, hand, controls, empty,
          prompt: prompt !== null && off(prompt) ? words(prompt) : null};
}"""


def still_phone(browser: Browser, locale: str) -> AbstractContextManager[Page]:
    """A phone whose person asked for less motion (`prefers-reduced-motion`): the cards take their places at once.

    What these tests judge is the layout once the cards stopped moving (OFF_SCREEN waits for every animation), which
    motion does not change; the cards' motion has its own tests (test_table_motion.py), and test_play_six_nimmt plays
    a whole game on a phone with it. Without motion the module takes 45 % less CPU and half the time (111 against 60
    CPU-seconds, 124 against 59 s, run alone on a 2-core machine)."""
    return contextmanager(_page)(
        browser, PHONE, locale=locale, is_mobile=True, has_touch=True, device_scale_factor=3, reduced_motion="reduce"
    )


def settled_first_screen(page: Page) -> dict[str, Any]:
    """OFF_SCREEN once the table has settled: a look can fall between two redraws of the paced events (the hand
    emptied, a line over the prompt for a frame), which a player never sees for longer. What stays off the first
    screen for a second is a fault."""
    shown: dict[str, Any] = page.evaluate(OFF_SCREEN)
    for _ in range(4):
        if not (shown["hand"] or shown["controls"] or shown["prompt"] or shown["empty"]):
            break
        page.wait_for_timeout(250)
        shown = page.evaluate(OFF_SCREEN)
    return shown


@pytest.mark.parametrize("locale", ["fr-FR", "en-US"])
@pytest.mark.parametrize("game", list(PLAYED))
def test_the_hand_and_the_decision_are_on_the_first_screen(
    browser: Browser, web_url: str, game: str, locale: str
) -> None:
    players, options, seed, choose = PLAYED[game]
    seated = seat_person_with_bots(web_url, game, players, options, seed)
    phone = still_phone(browser, locale)
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
            shown = settled_first_screen(page)
            seen.append(shown)
            if shown["hand"] or shown["controls"] or shown["prompt"] or shown["empty"]:
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
        print(
            f"{game} ({locale}): {len(problems)} of {len(seen)} decisions off the first screen, {played.seconds:.0f} s"
        )
        assert problems == [], (
            f"{game} ({locale}) at 390x844, {len(problems)} of {len(seen)} decisions off the first screen:\n"
            + "\n".join(problems[:4])
        )
        assert page_errors(page) == [], page_errors(page)
        assert console == [], console


# rows drawn taller than any state of le-baron's makes them (each row's tally wrapped under its cards): with two
# lines of prompt above, the five rows no longer fit between the table's head and the hand's bar
TALL_ROWS = ".gt-le-baron .sn-row { min-height: 7.5rem; }"


def test_the_rows_to_choose_from_stay_above_the_hand_however_tall(browser: Browser, web_url: str) -> None:
    """While the person chooses a row, the rows scroll in place above the bar of the hand (table-kit's fitAboveDock)
    rather than slipping under it: le-baron's rows grow with their tallies (a row of five cards of four colours
    wraps its tally), and CI once met the fifth row under the bar (2026-12-04, row 5 drawn at 720 px of 844)."""
    players, options, seed, choose = PLAYED["le-baron"]
    seated = seat_person_with_bots(web_url, "le-baron", players, options, seed)
    phone = still_phone(browser, "fr-FR")
    with phone as page:
        page.add_init_script(
            "document.addEventListener('DOMContentLoaded', () => {"
            f" const style = document.createElement('style'); style.textContent = {TALL_ROWS!r};"
            " document.head.append(style); });"
        )
        open_table(page, web_url, seated)
        choices: list[dict[str, Any]] = []

        def look(page: Page, clicks: int) -> bool:
            if page.locator(".gt-table [data-move*='choose_row']").count() > 0:
                shown = settled_first_screen(page)
                assert shown["controls"] == [] and shown["empty"] == [] and shown["prompt"] is None, (
                    f"decision {clicks + 1}: {shown}"
                )
                choices.append(shown)
            return False

        play_to_the_end(page, choose, seconds=150, shoot_when=look, always=True)
        assert choices, "le-baron: the person never chose a row"
        # the rows did not fit: some were a swipe away inside their box, which showed the others
        assert any(shown["moves"] >= 4 for shown in choices)
        assert page_errors(page) == [], page_errors(page)
