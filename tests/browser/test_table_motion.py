"""Cards move (issue 31, item 2): at a six-nimmt table against two bots, a card played slides from the hand to the
cards revealed and the rows (web/src/games/motion.ts, the Web Animations API), and nothing moves for a browser that
asks for less motion (`prefers-reduced-motion: reduce`, Playwright's `reduced_motion`).

With TAPIS_MOTION_COST=1 the cost on a phone-class CPU is measured too (Chromium's CPU throttled 4 times through
the DevTools protocol, `Emulation.setCPUThrottlingRate`): the time from a click to the table settled (the next
decision drawn, no animation running) and the longest frame while cards move, with and without motion; the figures
are docs/web-tables.md's."""

from __future__ import annotations

import json
import os
import statistics
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.conftest import PHONE, _page
from tests.browser.table_play import open_table, page_errors, seat_person_with_bots

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

# each call of Element.animate counted, from the page's first script on
COUNT_MOVES = """(() => {
  const animate = Element.prototype.animate;
  window.__cardsMoved = 0;
  Element.prototype.animate = function (...args) { window.__cardsMoved += 1; return animate.apply(this, args); };
})()"""

# the person asked again after `after`: a card to play with none chosen yet (a chosen card may still be changed, the
# table awaits the person until every seat has chosen), or a row to take; or the game over
MY_TURN = """(after) => {
  const table = document.querySelector('.gt-table');
  return table !== null && (table.dataset.status === 'finished' || (Number(table.dataset.version) > after
    && table.dataset.awaitingMe === 'true' && table.querySelector('.gt-hand .chosen') === null
    && table.querySelector('[data-move]:not([disabled])') !== null));
}"""

# the move the tests make: a row to take when asked, else the first card of the hand
MOVE = ".gt-table [data-move*='choose_row'], .gt-table [data-move*='play_card']"

# a click on the first card to play, then, frame by frame, until the table awaits the person again and no animation
# runs: the time that took, the longest frame meanwhile, and how many animations were seen running
CLICK_AND_SETTLE = """async () => {
  const table = document.querySelector('.gt-table');
  const version = Number(table.dataset.version);
  const card = table.querySelector('[data-move*="choose_row"]') ?? table.querySelector('[data-move*="play_card"]');
  const start = performance.now();
  let last = start, longest = 0, running = 0;
  card.click();
  for (;;) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    const drawn = document.querySelector('.gt-table');
    running = Math.max(running, document.getAnimations().length);
    const settled = drawn.dataset.status === 'finished'
      || (Number(drawn.dataset.version) > version && drawn.dataset.awaitingMe === 'true'
          && drawn.querySelector('.gt-hand .chosen') === null && drawn.querySelector('[data-move]') !== null);
    if (settled && document.getAnimations().length === 0) return {ms: now - start, longest, running};
    if (now - start > 20000) return null;
  }
}"""

GAME = ("six-nimmt", 3, {"end": {"kind": "rounds", "rounds": 1}}, "6e" * 32)


def _open(browser: Browser, web_url: str, **context: Any) -> Any:
    game, players, options, seed = GAME
    seated = seat_person_with_bots(web_url, game, players, options, seed)
    page_context = contextmanager(_page)(browser, PHONE, is_mobile=True, has_touch=True, **context)
    return seated, page_context


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_cards_move_unless_less_motion_is_asked(browser: Browser, web_url: str, motion: str) -> None:
    seated, page_context = _open(browser, web_url, reduced_motion=motion)
    with page_context as page:
        page.add_init_script(COUNT_MOVES)
        open_table(page, web_url, seated)
        page.wait_for_function(MY_TURN, arg=0, timeout=20_000)
        running: list[int] = []
        for _ in range(3):
            version = int(page.locator(".gt-table").get_attribute("data-version") or 0)
            page.locator(MOVE).first.dispatch_event("click")
            if motion == "no-preference":
                # the card played reaches the revealed cards and the rows: it moves there, right after the click
                # the count read in the same frame that saw it: a second read could come after a 260 ms move ended
                seen = page.wait_for_function(
                    "() => document.getAnimations().length || false", timeout=10_000, polling="raf"
                )
                running.append(int(seen.json_value()))
            page.wait_for_function(MY_TURN, arg=version, timeout=20_000)
            if motion == "reduce":
                page.wait_for_timeout(400)  # longer than a move lasts
                assert page.evaluate("document.getAnimations().length") == 0
        moved = page.evaluate("window.__cardsMoved")
        if motion == "reduce":
            assert moved == 0, f"{moved} cards moved with prefers-reduced-motion: reduce"
        else:
            assert moved > 0 and all(count > 0 for count in running), (moved, running)
        assert page_errors(page) == [], page_errors(page)


@pytest.mark.skipif(os.environ.get("TAPIS_MOTION_COST") != "1", reason="a measurement: TAPIS_MOTION_COST=1 runs it")
def test_what_motion_costs_on_a_throttled_cpu(browser: Browser, web_url: str) -> None:
    figures: dict[str, list[dict[str, float]]] = {"no-preference": [], "reduce": []}
    for _ in range(3):  # alternating, so that a busier minute of the machine weighs on both alike
        for motion, runs in figures.items():
            seated, page_context = _open(browser, web_url, reduced_motion=motion)
            with page_context as page:
                open_table(page, web_url, seated)
                page.wait_for_function(MY_TURN, arg=0, timeout=20_000)
                cdp = page.context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
                for _ in range(4):
                    measured = page.evaluate(CLICK_AND_SETTLE)
                    assert measured is not None, "the table did not settle in 20 s"
                    runs.append(measured)
                assert page_errors(page) == [], page_errors(page)
    summary = {
        motion: {
            "moves": len(runs),
            "settle_ms_median": round(statistics.median(run["ms"] for run in runs)),
            "settle_ms_max": round(max(run["ms"] for run in runs)),
            "longest_frame_ms_median": round(statistics.median(run["longest"] for run in runs)),
            "longest_frame_ms_max": round(max(run["longest"] for run in runs)),
            "animations_running_max": max(run["running"] for run in runs),
        }
        for motion, runs in figures.items()
    }
    print(json.dumps(summary, indent=2))
    assert summary["reduce"]["animations_running_max"] == 0
    assert summary["no-preference"]["animations_running_max"] > 0
