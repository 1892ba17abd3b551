"""A whole game played in the browser at a game's table: the test creates the game over HTTP (one person, bots),
puts the person's seat token where the web client keeps it (the tab's sessionStorage, as tokens.ts does after a
join), opens the table, and clicks the legal moves the renderer offers (`[data-move]`) until the game ends. Bots
answer on the server and the page follows them over the live stream. The renderers mark their table (`.gt-table`)
with the version drawn, the game's status and whether the viewer is awaited, which is what the loop waits on.
"""

from __future__ import annotations

import json
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests import local_http
from tests.e2e.client import Tapis, bearer

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page


Move = dict[str, Any]


@dataclass(frozen=True)
class Seated:
    game_id: str
    token: str  # the person's seat token (seat 0)


def seat_person_with_bots(
    base: str, game: str, players: int, options: dict[str, Any], seed: str, bot: str = "smart"
) -> Seated:
    """A started game: the person in seat 0, bots in the others (a test-mode server takes the seed)."""
    with local_http.client(base_url=base, timeout=30) as http:
        api = Tapis(http)
        created = api.create(game, players, options, seed=seed)
        game_id, admin = created["game_id"], created["admin_token"]
        token = api.join(game_id, "Ada")["player_token"]
        for _ in range(players - 1):
            seated = http.post(f"/v1/games/{game_id}/seats", json={"bot": bot}, headers=bearer(admin))
            assert seated.status_code == 201, seated.text
        api.start(game_id, admin)
    return Seated(game_id, token)


# the script errors each page raised (uncaught exceptions): a table that throws while drawing fails its test
_PAGE_ERRORS: weakref.WeakKeyDictionary[Page, list[str]] = weakref.WeakKeyDictionary()


def page_errors(page: Page) -> list[str]:
    return _PAGE_ERRORS.get(page, [])


def open_table(page: Page, base: str, seated: Seated) -> Locator:
    """The table of the game as the person's tab shows it (the seat token stored as tokens.ts stores it)."""
    errors = _PAGE_ERRORS.setdefault(page, [])
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base}/")
    key = f"tapis:seat:{seated.game_id}"
    page.evaluate(
        "([key, value]) => sessionStorage.setItem(key, value)", [key, json.dumps({"seat": 0, "token": seated.token})]
    )
    page.goto(f"{base}/?game={seated.game_id}")
    table = page.locator(".gt-table")
    table.wait_for()
    return table


def api_view(base: str, game_id: str, token: str | None = None) -> dict[str, Any]:
    answer = local_http.get(f"{base}/v1/games/{game_id}", headers=bearer(token), timeout=10)
    assert answer.status_code == 200, answer.text
    view: dict[str, Any] = answer.json()
    return view


# what the page shows: the version and status the table drew, whether the viewer is awaited, the moves offered
DRAWN = """() => {
  const table = document.querySelector('.gt-table');
  if (!table) return null;
  const moves = Array.from(table.querySelectorAll('[data-move]:not([disabled])'), (el) => el.dataset.move);
  return {version: Number(table.dataset.version), status: table.dataset.status,
          awaited: table.dataset.awaitingMe === 'true', moves,
          error: document.getElementById('error')?.textContent ?? ''};
}"""

CHANGED = """(v) => {
  const table = document.querySelector('.gt-table');
  const error = document.getElementById('error')?.textContent ?? '';
  return (table !== null && Number(table.dataset.version) !== v) || error.length > 0;
}"""


def by_priority(order: Sequence[str]) -> Callable[[list[Move]], int]:
    """Picks the first move of the first type in `order` (a move of a type not listed comes last)."""

    def choose(moves: list[Move]) -> int:
        ranks = [order.index(move["type"]) if move["type"] in order else len(order) for move in moves]
        return ranks.index(min(ranks))

    return choose


@dataclass
class Played:
    clicks: int
    refused: list[str]  # moves the server refused (a bot moved between the read and the click)
    vanished: list[str]  # moves gone from the table before the click could land (it was drawn again)
    seconds: float


def play_to_the_end(
    page: Page,
    choose: Callable[[list[Move]], int],
    *,
    seconds: float = 120,
    screenshot: Path | None = None,
    shoot_when: Callable[[Page, int], bool] | None = None,
    always: bool = False,
    clicks_at_most: int | None = None,
) -> Played:
    """Clicks a legal move whenever the person is awaited, and waits for the table to draw the next version
    (the person's move, or the bots' over the live stream) after each, until the table says the game is finished.
    `screenshot` is saved once, before the first click at which `shoot_when(page, clicks)` holds (`always`: the
    callback is still called before every later click, to look at the table). With `clicks_at_most`, it stops
    (the game still running) once that many moves are made."""
    # imported here: this module is imported at collection, where a missing playwright must skip (conftest), not fail
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    start = time.monotonic()
    deadline = start + seconds
    clicks, shot = 0, screenshot is None
    refused: list[str] = []
    vanished: list[str] = []
    while time.monotonic() < deadline:
        drawn = page.evaluate(DRAWN)
        assert drawn is not None, "the table is gone"
        if drawn["status"] == "finished" or (clicks_at_most is not None and clicks >= clicks_at_most):
            return Played(clicks, refused, vanished, time.monotonic() - start)
        if not drawn["awaited"] or not drawn["moves"]:
            # the bots' turn: wait for the next view (the server plays them, the stream tells the page)
            page.wait_for_function(CHANGED, arg=drawn["version"], timeout=20_000)
            continue
        moves = [json.loads(move) for move in drawn["moves"]]
        pick = moves[choose(moves)]
        # no condition: the first click's table; `shot` is True from the start when there is nothing to save
        wanted = shoot_when(page, clicks) if shoot_when is not None and (always or not shot) else True
        if not shot and screenshot is not None and wanted:
            shoot(page, screenshot)
            shot = True
        if drawn["error"]:
            page.evaluate("document.getElementById('error').textContent = ''")
        target = page.locator(f".gt-table [data-move='{json.dumps(pick, separators=(',', ':'))}']").first
        try:
            # the click is dispatched on the element itself rather than at its place on the screen: the bots keep the
            # table moving (each event draws it again), and a pointer click that lands just after a redraw would hit
            # whatever is drawn there now, another move (the tests' own first clicks, and a keyboard move, go
            # through the pointer and the keys)
            target.dispatch_event("click", timeout=5_000)
        except PlaywrightTimeout as timeout:
            # the table was drawn again in between (a bot's move) and no longer offers it: read it again
            vanished.append(f"{pick} at version {drawn['version']}, now {page.evaluate(DRAWN)}: {timeout}")
            assert len(vanished) <= 5, vanished
            continue
        clicks += 1
        page.wait_for_function(CHANGED, arg=drawn["version"], timeout=20_000)
        error = page.evaluate("document.getElementById('error')?.textContent ?? ''")
        if error:
            refused.append(f"{pick}: {error}")
            # a bot moved between the read and the click (the trade it offered is gone, the phase moved on) is normal
            # at a live table now and then; legal moves refused again and again are not
            assert len(refused) <= 5 + clicks // 10, refused
    raise AssertionError(f"the game did not end in {seconds} s ({clicks} clicks)")


def shoot(page: Page, path: Path) -> None:
    """A picture of the table region (the shell's section the renderer draws into, which stays in the page while
    its content is drawn again at each event, so the capture does not race a redraw)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    page.get_by_role("region", name="The table", exact=True).screenshot(path=str(path), animations="disabled")


def final_scores_shown(page: Page) -> list[int]:
    """The final scores the table's end screen shows, seat by seat."""
    final = page.locator(".gt-final")
    final.wait_for()
    shown = [int(text) for text in final.locator("[data-final-score]").all_inner_texts()]
    assert json.loads(final.get_attribute("data-final-scores") or "null") == shown
    return shown


def check_the_end(page: Page, base: str, seated: Seated) -> dict[str, Any]:
    """The end screen shows the scores and winners GET /v1/games/{id} gives."""
    view = api_view(base, seated.game_id)
    assert view["status"] == "finished"
    assert final_scores_shown(page) == view["scores"]
    assert page_errors(page) == [], page_errors(page)
    names = {player["seat"]: player["name"] for player in view["players"]}
    winners = page.locator(".gt-final li.winner .gt-name").all_inner_texts()
    assert [name.removesuffix(" (you)") for name in winners] == [names[seat] for seat in view["winners"]]
    return view


def no_sideways_scroll(page: Page) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    return width
