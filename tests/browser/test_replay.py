"""The replay viewer (replay.html) in Chromium: at each version it shows what `GET /replay?version=N` gives its
viewer (a spectator, a seat by the token the lobby kept, a seat by a pasted token), the seat's own hand and never
another's, and its event log as `GET /events` gives it; stepped by buttons, keys, the slider and the log."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from tests import local_http
from tests.browser.conftest import DOCS_IMG
from tests.browser.played import Played, played, replay
from tests.e2e.client import bearer

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def running(web_url: str) -> Played:
    """A game the people are still playing: a seat's view hides the other hands."""
    return played(web_url, person_moves=6)


@pytest.fixture(scope="module")
def finished(web_url: str) -> Played:
    return played(web_url, person_moves=None)


def events(web_url: str, game_id: str, token: str | None) -> list[dict[str, Any]]:
    answer = local_http.get(f"{web_url}/v1/games/{game_id}/events", params={"limit": 1000}, headers=bearer(token))
    assert answer.status_code == 200, answer.text
    shown: list[dict[str, Any]] = answer.json()["events"]
    return shown


def keep_seat(page: Page, game_id: str, seat: int, token: str) -> None:
    """The seat's token where the table keeps it (web/src/tokens.ts: sessionStorage `tapis:seat:<id>`)."""
    stored = json.dumps(json.dumps({"seat": seat, "token": token}))
    page.add_init_script(f"window.sessionStorage.setItem('tapis:seat:{game_id}', {stored});")


def at(page: Page, version: int) -> None:
    page.wait_for_selector(f'#table[data-version="{version}"][aria-busy="false"] > [data-version="{version}"]')


def cards(page: Page, selector: str) -> list[int]:
    found: list[str] = page.eval_on_selector_all(
        f"#table {selector} [data-card]", "els => els.map(e => e.dataset.card)"
    )
    return [int(card) for card in found]


def assert_shows(page: Page, shown: dict[str, Any]) -> None:
    """The table drawn is the replay's view: version, status, the viewer's hand and the rows, card for card."""
    version = shown["version"]
    at(page, version)
    table = page.locator(f'#table > [data-version="{version}"]')
    assert table.get_attribute("data-status") == shown["status"]
    seat = page.get_attribute("#table", "data-seat")
    assert seat == ("spectator" if shown["you"] is None else str(shown["you"]))
    state = shown["state"]
    if state is None:  # the lobby: who sat down so far
        seated = page.locator("#table .replay-lobby li").all_inner_texts()
        assert len(seated) == len(shown["players"])
        for taken, text in zip(shown["players"], seated, strict=True):
            assert (taken["name"] or "free") in text
    else:
        assert cards(page, ".gt-hand") == state["hand"]
        for index, row in enumerate(state["rows"]):
            assert cards(page, f'[data-row="{index}"]') == row, (version, index)
    current = page.locator('#log button[aria-current="step"]')
    assert current.get_attribute("data-version") == str(version)


def versions_to_check(log: list[dict[str, Any]]) -> list[int]:
    dealt = next(e["version"] for e in log if e["type"] == "CardsDealt")
    head = log[-1]["version"]
    return sorted({dealt, dealt + 1, (dealt + head) // 2, head - 1, head})


def test_a_seat_sees_its_own_hand_at_each_version_and_never_another_seats(
    web_url: str, page: Page, running: Played
) -> None:
    game_id, (ana, ben) = running.game_id, running.tokens
    keep_seat(page, game_id, 0, ana)
    page.goto(f"{web_url}/replay.html?game={game_id}")
    at(page, running.head)
    assert page.input_value("#viewer-select") == "stored"
    log = events(web_url, game_id, ana)
    assert page.locator("#log button").count() == len(log)
    checked = versions_to_check(log)
    for version in checked:
        page.fill("#scrub", str(version))  # the slider
        shown = replay(web_url, game_id, version, ana)
        assert_shows(page, shown)
        hand = shown["state"]["hand"]
        assert hand, "seat 0 holds cards while the game runs"
        assert shown["state"]["hands"] is None  # the others' hands are hidden from a seat
        others = set(replay(web_url, game_id, version, ben)["state"]["hand"])
        on_table = set(cards(page, ""))
        assert set(hand) <= on_table
        assert not others & on_table, f"version {version} shows seat 1's cards to seat 0"
    DOCS_IMG.mkdir(parents=True, exist_ok=True)
    # the README's picture: a seat's replay, its own hand on the table and the log beside it
    page.screenshot(path=str(DOCS_IMG / "replay.png"), full_page=True)
    # the same versions as a spectator: no hand at all
    page.select_option("#viewer-select", "spectator")
    # the spectator's table, not the seat's one of the same version still on screen: the viewer's change reloads the
    # log too, and a click that lands while its buttons are replaced is lost (seen once in make test: the page
    # stayed at the head)
    page.wait_for_selector('#table[data-seat="spectator"][aria-busy="false"]')
    at(page, checked[-1])
    for version in checked:
        page.click(f'#log button[data-version="{version}"]')  # the log
        shown = replay(web_url, game_id, version, None)
        assert shown["you"] is None and shown["state"]["hand"] == []
        assert_shows(page, shown)
    # and as seat 1 by its pasted token
    page.select_option("#viewer-select", "token")
    page.fill("#token", ben)
    page.click("#viewer button[type=submit]")
    page.wait_for_selector('#table[data-seat="1"]')
    assert_shows(page, replay(web_url, game_id, checked[-1], ben))
    # a token the server does not know: its error in words, and nothing of seat 1's left on the screen
    page.fill("#token", "not-a-seat-token")
    page.click("#viewer button[type=submit]")
    page.wait_for_selector("#error:not(:empty)")
    assert page.get_attribute("#table", "data-seat") is None
    assert page.locator("#table [data-card]").count() == 0


def test_the_timeline_steps_by_buttons_and_keys_over_a_finished_game(
    web_url: str, page: Page, finished: Played
) -> None:
    game_id, head = finished.game_id, finished.head
    page.goto(f"{web_url}/replay.html?game={game_id}&version=1")
    assert_shows(page, replay(web_url, game_id, 1, None))
    assert page.is_disabled("#back")
    log = events(web_url, game_id, None)
    assert [int(v) for v in page.eval_on_selector_all("#log button", "b => b.map(e => e.dataset.version)")] == [
        e["version"] for e in log
    ]
    page.click("#forward")
    at(page, 2)
    page.locator("body").press("End")
    assert_shows(page, replay(web_url, game_id, head, None))
    assert page.is_disabled("#forward")
    page.locator("body").press("ArrowLeft")
    shown = replay(web_url, game_id, head - 1, None)
    assert_shows(page, shown)
    assert shown["status"] == "active" and shown["state"]["hands"] is not None  # finished: nothing is hidden
    page.click("#back")
    at(page, head - 2)
    # the position names the event in the log's own sentence (web/src/describe/)
    said = page.locator(f'#log button[data-version="{head - 2}"] .s').inner_text()
    assert said != log[head - 3]["type"]
    assert page.text_content("#position") == f"Version {head - 2} of {head}: {said}"
    middle = next(e["version"] for e in log if e["type"] == "CardsDealt") + 12
    page.click(f'#log button[data-version="{middle}"]')
    assert_shows(page, replay(web_url, game_id, middle, None))
    assert f"version={middle}" in page.url  # a link to this very moment


def test_on_a_phone_the_log_is_below_the_table_and_nothing_scrolls_sideways(
    web_url: str, phone_page: Page, finished: Played
) -> None:
    page = phone_page
    page.goto(f"{web_url}/replay.html?game={finished.game_id}&version=20")
    assert_shows(page, replay(web_url, finished.game_id, 20, None))
    table = page.locator("#table").bounding_box()
    log = page.locator("#log").bounding_box()
    assert table is not None and log is not None
    assert log["y"] >= table["y"] + table["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.tap("#forward")
    at(page, 21)
