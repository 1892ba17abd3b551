"""Where the page keeps a game's secrets (web/src/tab-store.ts, tokens.ts; docs/web-client.md, "Tokens in the
browser"): in the tab's sessionStorage, never in localStorage, so a page of another session (a tab opened fresh,
another browser) does not hold them; the seat and host links hand them over on purpose, through the address's
fragment, which the page takes out of the address at once; and a token an earlier release left in localStorage is
moved into the tab and deleted, so a player of a running game keeps the seat."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from typing import TYPE_CHECKING

import pytest

from tests import local_http
from tests.browser.test_lobby import api_view, create_six_nimmt

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.browser

# the page's secrets, per game: what earlier releases kept in localStorage and this one in sessionStorage
KINDS = ("seat", "admin", "entropy")
KEPT = """([area, id]) => Object.fromEntries(['seat', 'admin', 'entropy']
  .map((kind) => [kind, window[area].getItem(`tapis:${kind}:${id}`)]).filter(([, value]) => value !== null))"""
SECRETS_ANYWHERE = """() => [localStorage, sessionStorage].flatMap((area) => Object.keys(area))
  .filter((key) => /^tapis:(seat|admin|entropy):/.test(key))"""


def kept(page: Page, area: str, game_id: str) -> dict[str, str]:
    found: dict[str, str] = page.evaluate(KEPT, [area, game_id])
    return found


def join(page: Page, name: str = "Ada") -> None:
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join", exact=True).click()
    page.get_by_text("— you").wait_for()


def a_fresh_context(browser: Browser) -> BrowserContext:
    """Another browser: its own storage, as another device or a private window has."""
    return browser.new_context(viewport={"width": 1000, "height": 800}, bypass_csp=True, locale="en-US")


def link_in(page: Page, box: str) -> str:
    """The link a seat or host box offers, as the person would copy it (the box opened first)."""
    details = page.get_by_test_id(box)
    details.locator("summary").click()
    link = details.get_by_role("textbox").input_value()
    details.get_by_role("button", name="Copy the link").wait_for()
    return link


def test_a_seat_stays_in_its_tab_and_never_in_local_storage(page: Page, browser: Browser, web_url: str) -> None:
    game_id = create_six_nimmt(page, web_url)
    join(page)
    # the host's token, the seat's and the entropy committed to: in this tab, and nothing in localStorage
    assert set(kept(page, "sessionStorage", game_id)) == set(KINDS)
    assert kept(page, "localStorage", game_id) == {}
    assert json.loads(kept(page, "sessionStorage", game_id)["seat"])["seat"] == 0
    # a reload of the tab keeps the seat
    page.reload()
    page.get_by_text("Seat 1: Ada — you").wait_for()

    # a tab opened fresh in the same browser, and another browser: the game's link shows a spectator
    fresh_tab = page.context.new_page()
    other = a_fresh_context(browser)
    try:
        for watcher in (fresh_tab, other.new_page()):
            watcher.goto(f"{web_url}/?game={game_id}")
            watcher.locator(".seats li > span", has_text="Seat 1: Ada").wait_for()
            watcher.get_by_label("Your name").wait_for()  # offered a seat, as anyone who holds none
            assert watcher.locator(".seats li.you").count() == 0
            assert watcher.get_by_role("button", name="Seat a bot").count() == 0, "not the host either"
            assert watcher.get_by_test_id("seat-link").count() == 0
            assert watcher.evaluate(SECRETS_ANYWHERE) == []
    finally:
        other.close()
        fresh_tab.close()


def test_the_seat_and_host_links_hand_the_game_to_a_fresh_browser(page: Page, browser: Browser, web_url: str) -> None:
    game_id = create_six_nimmt(page, web_url)
    join(page)
    commitment = api_view(web_url, game_id)["players"][0]["commitment"]
    assert re.fullmatch("[0-9a-f]{64}", commitment)
    seat_link = link_in(page, "seat-link")
    host_link = link_in(page, "host-link")
    seat_token = json.loads(kept(page, "sessionStorage", game_id)["seat"])["token"]
    admin_token = json.loads(kept(page, "sessionStorage", game_id)["admin"])["token"]
    # the key in the fragment, never in what a server sees; until it is revealed, the entropy travels with the seat
    entropy = json.loads(kept(page, "sessionStorage", game_id)["entropy"])[commitment]
    assert seat_link == f"{web_url}/?game={game_id}#seat=0.{seat_token}.{entropy}"
    assert host_link == f"{web_url}/?game={game_id}#admin={admin_token}"
    # the first tab is closed: only the links are left
    page.close()

    other = a_fresh_context(browser)
    try:
        guest = other.new_page()
        guest.goto(seat_link)
        assert guest.url == f"{web_url}/?game={game_id}", "the fragment is out of the address once the page loaded"
        guest.get_by_text("Seat 1: Ada — you").wait_for()
        guest.get_by_role("button", name="Leave the game").wait_for()
        assert json.loads(kept(guest, "sessionStorage", game_id)["seat"]) == {"seat": 0, "token": seat_token}
        assert guest.get_by_role("button", name="Seat a bot").count() == 0, "the seat link does not make a host"

        # the same page, another fragment: the browser does not load the page again, the page takes it all the same
        guest.goto(host_link)
        guest.wait_for_function("location.hash === ''", timeout=5000)
        assert guest.url == f"{web_url}/?game={game_id}"
        # the host's controls, and the full table makes this tab reveal the entropy the seat link brought
        for index in range(2):
            guest.get_by_role("button", name="Seat a bot").click()
            guest.locator(".seats li > span", has_text=re.compile(r"\bbot\b")).nth(index).wait_for()
        guest.get_by_text("Seat 1: Ada — you — entropy revealed").wait_for()
        assert api_view(web_url, game_id)["players"][0]["entropy"] == entropy
        assert guest.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('tapis:seat'))") == []
        guest.get_by_role("button", name="Start the game").click()
        guest.get_by_role("heading", name=re.compile("active")).wait_for()
        assert api_view(web_url, game_id)["fairness"] == "committed"
    finally:
        other.close()


def test_tokens_an_earlier_release_left_in_local_storage_move_into_the_tab(page: Page, web_url: str) -> None:
    created = local_http.post(f"{web_url}/v1/games", json={"game": "daron", "players": 2}, timeout=10).json()
    game_id, admin = created["game_id"], created["admin_token"]
    entropy = secrets.token_hex(32)
    commitment = hashlib.sha256(f"tapis-entropy-v3:{game_id}:{entropy}".encode()).hexdigest()
    joined = local_http.post(
        f"{web_url}/v1/games/{game_id}/seats", json={"name": "Ada", "entropy_commitment": commitment}, timeout=10
    )
    assert joined.status_code == 201, joined.text
    # what an earlier release kept in localStorage for this browser: the seat, the host, the entropy
    left = {
        "seat": json.dumps({"seat": 0, "token": joined.json()["player_token"]}),
        "admin": json.dumps({"token": admin, "joinCode": None}),
        "entropy": json.dumps({commitment: entropy}),
    }
    page.goto(f"{web_url}/")
    page.evaluate(
        "([id, left]) => Object.entries(left).forEach(([kind, value]) =>"
        " localStorage.setItem(`tapis:${kind}:${id}`, value))",
        [game_id, left],
    )
    bot = local_http.post(
        f"{web_url}/v1/games/{game_id}/seats", json={"bot": "smart"}, headers={"Authorization": f"Bearer {admin}"}
    )
    assert bot.status_code == 201, bot.text

    page.goto(f"{web_url}/?game={game_id}")
    # the seat and the host are this tab's, and the full table made it reveal the entropy it found
    page.get_by_text("Seat 1: Ada — you — entropy revealed").wait_for()
    page.get_by_role("button", name="Start the game").wait_for()
    assert api_view(web_url, game_id)["players"][0]["entropy"] == entropy
    assert kept(page, "localStorage", game_id) == {}, "nothing stays behind"
    moved = kept(page, "sessionStorage", game_id)
    assert moved["seat"] == left["seat"] and moved["admin"] == left["admin"]
    assert json.loads(moved["entropy"]) == {commitment: entropy}
    # and they stay in the tab: a reload still holds the seat
    page.reload()
    page.get_by_text("Seat 1: Ada — you — entropy revealed").wait_for()
