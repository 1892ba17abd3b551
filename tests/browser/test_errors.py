"""What the web client shows when it cannot show what was asked, in Chromium against a real server: a game id that
does not exist, a seat or admin token this server does not know, a server that answers 500 with its JSON error or a
proxy's non-JSON 502 page. Each gets a sentence and a way on (back to the lobby, try again, join again), never a
blank page or a stack. And text from the server (a seat's name holding markup) is drawn as text, never as HTML, on
the lobby list, the table and the replay viewer.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest

from tests import local_http
from tests.browser.conftest import keep
from tests.e2e.client import Tapis, bearer

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

pytestmark = pytest.mark.browser

MARKUP = "<img src=x onerror=window.__xss=1>"
PROXY_502 = "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>"
STACK = re.compile(r"Traceback|at \w+ \(|\.ts:\d+|\.js:\d+|TypeError|ReferenceError|undefined|\[object")


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def no_blank_page_no_stack(page: Page) -> str:
    """The page's visible text: something is said, and nothing in it is a stack or a script's leftovers."""
    text = page.locator("body").inner_text()
    main = page.locator("main").inner_text().strip()
    assert main, "a blank page"
    assert not STACK.search(text), text
    return text


def alert(page: Page) -> str:
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    return page.get_by_role("alert").inner_text()


def test_a_game_that_does_not_exist_says_so_and_leads_back_to_the_lobby(page: Page, web_url: str) -> None:
    errors = watch_errors(page)
    page.goto(f"{web_url}/?game=nope")
    heading = page.get_by_role("heading", name="There is no game nope on this server.")
    heading.wait_for()
    answer = local_http.get(f"{web_url}/v1/games/nope", timeout=10)
    assert answer.status_code == 404
    error = answer.json()["error"]
    assert alert(page) == f"{error['message']} ({error['code']})"  # the server's own words
    no_blank_page_no_stack(page)
    keep(page, "error-game-not-found")
    # the ways on: try again (the same answer), and the lobby
    page.get_by_role("button", name="Try again").click()
    heading.wait_for()
    page.get_by_role("link", name="Back to the lobby").click()
    page.get_by_role("heading", name="Lobby").wait_for()
    page.get_by_role("button", name="Create game").wait_for()
    assert errors == []


def test_a_wrong_seat_token_in_this_browser_falls_back_to_watching_and_rejoining(page: Page, web_url: str) -> None:
    errors = watch_errors(page)
    created = local_http.post(f"{web_url}/v1/games", json={"game": "daron", "players": 2}, timeout=10).json()
    game_id = created["game_id"]
    page.goto(f"{web_url}/")
    # a token this server never issued, for the seat and for the admin, where tokens.ts keeps them
    page.evaluate(
        "([id, seat, admin]) => { sessionStorage.setItem(`tapis:seat:${id}`, seat);"
        " sessionStorage.setItem(`tapis:admin:${id}`, admin); }",
        [game_id, json.dumps({"seat": 0, "token": "not-a-token"}), json.dumps({"token": "nor-this", "joinCode": None})],
    )
    page.goto(f"{web_url}/?game={game_id}")
    page.get_by_role("heading", name=re.compile("lobby")).wait_for()
    status = page.get_by_role("status")
    status.filter(has_text="you are watching as a spectator").wait_for()
    no_blank_page_no_stack(page)
    keep(page, "error-wrong-token")
    assert page.evaluate(f"sessionStorage.getItem('tapis:seat:{game_id}')") is None
    assert page.evaluate(f"sessionStorage.getItem('tapis:admin:{game_id}')") is None
    # the way on: join again, and the seat is this browser's
    page.get_by_label("Your name").fill("Ada")
    page.get_by_role("button", name="Join", exact=True).click()
    page.get_by_text("— you").wait_for()
    seats = local_http.get(f"{web_url}/v1/games/{game_id}", timeout=10).json()["players"]
    assert seats[0]["name"] == "Ada"
    assert errors == []


def test_a_server_error_and_a_proxys_page_are_said_in_words_with_a_way_on(page: Page, web_url: str) -> None:
    errors = watch_errors(page)
    body = {"error": {"code": "internal", "message": "The server failed on this request"}}

    # the lobby's list answered by a proxy's HTML page: a sentence, never the proxy's markup
    def proxy(route: Route) -> None:
        if route.request.method == "GET":
            route.fulfill(status=502, headers={"Content-Type": "text/html"}, body=PROXY_502)
        else:
            route.continue_()

    page.route(re.compile(r".*/v1/games(\?.*)?$"), proxy)
    page.goto(f"{web_url}/")
    assert alert(page) == "The server answered 502 Bad Gateway"
    page.get_by_text("The games could not be listed. Refresh to try again.").wait_for()
    assert page.locator("main h1, main hr").filter(has_text="502").count() == 0, "the proxy's markup was drawn"
    no_blank_page_no_stack(page)
    keep(page, "error-proxy-502")
    # the way on: Refresh, once the proxy is back
    page.unroute(re.compile(r".*/v1/games(\?.*)?$"))
    page.get_by_role("button", name="Refresh").click()
    page.get_by_role("table").wait_for()

    # a game's view answered 500 with the API's JSON error: its words in the alert, the page says what it means
    game_id = local_http.post(f"{web_url}/v1/games", json={"game": "barbu", "players": 4}, timeout=10).json()["game_id"]
    view = re.compile(rf".*/v1/games/{game_id}$")
    page.route(view, lambda route: route.fulfill(status=500, json=body))
    page.goto(f"{web_url}/?game={game_id}")
    page.get_by_role("heading", name="This game cannot be shown just now.").wait_for()
    assert alert(page) == "The server failed on this request (internal)"
    no_blank_page_no_stack(page)
    keep(page, "error-server-500")
    # the catalog failing too: the lobby says nothing can be created, and offers to try again
    page.route("**/v1/catalog", lambda route: route.fulfill(status=502, body=PROXY_502))
    page.get_by_role("link", name="Back to the lobby").click()
    page.get_by_text("could not be loaded, so no game can be created just now").wait_for()
    no_blank_page_no_stack(page)
    page.unroute("**/v1/catalog")
    page.get_by_role("button", name="Try again").click()
    page.get_by_role("button", name="Create game").wait_for()
    # the server is back: Try again on the table draws the game
    page.unroute(view)
    page.goto(f"{web_url}/?game={game_id}")
    page.get_by_role("heading", name=re.compile("lobby")).wait_for()
    assert errors == []


def markup_game(web_url: str) -> tuple[str, str]:
    """An active daron game whose seat 0 (a person, the token returned) is named with markup, against a bot."""
    with local_http.client(base_url=web_url, timeout=30) as http:
        api = Tapis(http)
        created = api.create("daron", 2, {}, seed="ee" * 32)
        game_id, admin = created["game_id"], created["admin_token"]
        token = api.join(game_id, MARKUP)["player_token"]
        seated = http.post(f"/v1/games/{game_id}/seats", json={"bot": "smart"}, headers=bearer(admin))
        assert seated.status_code == 201, seated.text
        api.start(game_id, admin)
    return game_id, token


def no_markup_ran(page: Page) -> None:
    assert page.locator("img").count() == 0, "a name's markup became an element"
    assert page.evaluate("window.__xss") is None, "a name's markup ran"


def test_a_name_holding_markup_is_drawn_as_text_everywhere(page: Page, web_url: str) -> None:
    errors = watch_errors(page)
    game_id, token = markup_game(web_url)
    # the lobby list (it names the game, not the seats; nothing from the server becomes markup there either)
    page.goto(f"{web_url}/?filter_status=active&filter_game=daron")
    page.get_by_role("row", name=re.compile(game_id[:8])).wait_for()
    no_markup_ran(page)
    # the table, as a spectator and as the seat named so
    page.goto(f"{web_url}/?game={game_id}")
    page.locator(".gt-table").wait_for()
    page.get_by_text(MARKUP).first.wait_for()
    no_markup_ran(page)
    page.evaluate(
        "([id, seat]) => sessionStorage.setItem(`tapis:seat:${id}`, seat)",
        [game_id, json.dumps({"seat": 0, "token": token})],
    )
    page.reload()
    page.locator(".gt-table").wait_for()
    page.get_by_text(MARKUP).first.wait_for()
    no_markup_ran(page)
    # the replay viewer, at the head
    page.goto(f"{web_url}/replay.html?game={game_id}")
    page.wait_for_selector('#table[aria-busy="false"] > [data-version]')
    page.get_by_text(MARKUP).first.wait_for()
    no_markup_ran(page)
    keep(page, "markup-name-replay")
    assert errors == []


def test_the_replay_of_a_game_that_does_not_exist_says_so_and_offers_another(page: Page, web_url: str) -> None:
    errors = watch_errors(page)
    page.goto(f"{web_url}/replay.html?game=nope")
    page.get_by_role("heading", name="The replay of game nope cannot be shown.").wait_for()
    error = local_http.get(f"{web_url}/v1/games/nope", timeout=10).json()["error"]
    assert alert(page) == f"{error['message']} ({error['code']})"
    no_blank_page_no_stack(page)
    keep(page, "error-replay-not-found")
    # the way on: another game's id (or the lobby, in the header)
    assert page.get_by_role("link", name="Lobby").is_visible()
    real = local_http.post(f"{web_url}/v1/games", json={"game": "daron", "players": 2}, timeout=10).json()["game_id"]
    page.get_by_label("Game id").fill(real)
    page.get_by_label("Game id").press("Enter")
    page.wait_for_selector('#table[aria-busy="false"] > [data-version]')
    page.get_by_role("heading", name=f"Replay of daron game {real}").wait_for()
    assert errors == []
