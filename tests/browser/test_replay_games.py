"""The replay viewer for each of the five games: at several versions of a short game (two people, seats 0 and 1,
and bots in the other seats, played a few moves over HTTP), the table drawn is what `GET /replay?version=N` gives
its viewer, as seat 0 (by the token the lobby kept) and as a spectator: the version and status, seat 0's own hand
card for card, no card the viewer's JSON does not hold, and none of seat 1's hidden cards anywhere on the page.
(tests/browser/test_replay.py steps the timeline of six-nimmt in depth; this covers every renderer.)"""

from __future__ import annotations

import time
from collections import Counter
from typing import TYPE_CHECKING, Any

import pytest

from tests import local_http
from tests.browser.conftest import keep
from tests.browser.played import replay
from tests.browser.test_replay import at, events, keep_seat
from tests.e2e.client import Tapis, bearer

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# the shortest games the options allow, as the test_play_* tests play them: (seats, options)
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "six-nimmt": (3, {"end": {"kind": "rounds", "rounds": 1}}),
    "le-baron": (2, {"rounds": 1}),
    "barbu": (4, {"contracts": ["queens"], "max_rounds": 1}),
    "daron": (2, {}),
    "bohnanza": (3, {}),
}
PERSON_MOVES = 6


def short_game(web_url: str, game: str) -> tuple[str, list[str], int]:
    """A started game, two people and bots, the people's first legal move played a few times; its id, the people's
    tokens and the version it had reached when the test left it (the versions before it never change)."""
    players, options = GAMES[game]
    with local_http.client(base_url=web_url, timeout=30) as http:
        api = Tapis(http)
        created = api.create(game, players, options, seed=f"{sum(map(ord, game)) % 256:02x}" * 32)
        game_id, admin = created["game_id"], created["admin_token"]
        tokens = [api.join(game_id, name)["player_token"] for name in ("ana", "ben")]
        for _ in range(players - 2):
            seated = http.post(f"/v1/games/{game_id}/seats", json={"bot": "smart"}, headers=bearer(admin))
            assert seated.status_code == 201, seated.text
        api.start(game_id, admin)
        made, deadline = 0, time.monotonic() + 20
        while made < PERSON_MOVES and time.monotonic() < deadline:
            view = api.view(game_id)
            people = [seat for seat in view["awaiting"] if seat < 2]
            if view["status"] != "active":
                break
            if not people:
                time.sleep(0.05)  # a bot's turn: the server plays it
                continue
            moves = api.moves(game_id, tokens[people[0]])
            answer = api.command(game_id, tokens[people[0]], moves[0])
            assert answer.status_code in (200, 409), answer.text  # 409: a bot moved in between
            made += 1
        assert made > 0, f"{game}: the people were never awaited"
        head = int(api.view(game_id)["version"])
    return game_id, tokens, head


def leaves(value: Any) -> Counter[str]:
    """Every scalar the JSON holds, as text: the most any card could be drawn from it."""
    found: Counter[str] = Counter()
    if isinstance(value, dict):
        for item in value.values():
            found += leaves(item)
    elif isinstance(value, list):
        for item in value:
            found += leaves(item)
    elif isinstance(value, str | int) and not isinstance(value, bool):
        found[str(value)] += 1
    return found


def drawn(page: Page, selector: str = "") -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        f"#table {selector} [data-card]", "els => els.map(e => String(e.dataset.card))"
    )
    return found


def assert_draws(page: Page, shown: dict[str, Any], hidden: list[Any]) -> None:
    """The table at `shown`'s version is `shown`, and none of `hidden` (another seat's hand) is on the page."""
    version = shown["version"]
    at(page, version)
    assert page.get_attribute(f'#table > [data-version="{version}"]', "data-status") == shown["status"]
    assert page.get_attribute("#table", "data-seat") == ("spectator" if shown["you"] is None else str(shown["you"]))
    state = shown["state"]
    assert state is not None, "the versions checked are after the start"
    hand = [str(card) for card in state["hand"]]
    assert drawn(page, ".gt-hand") == hand, (version, "the viewer's own hand, card for card")
    if state.get("hands") is not None or shown["status"] != "active":
        return  # nothing hidden from this viewer at this version
    on_page = Counter(drawn(page))
    held = leaves(state)
    assert not on_page - held, (version, f"cards drawn that the JSON does not give: {on_page - held}")
    # seat 1's cards the viewer's JSON does not show at all are nowhere on the page (with repeated cards, a beans'
    # or daron's, one more drawn than the JSON holds is what the line above refuses)
    secret = {str(card) for card in hidden} - set(held)
    assert not secret & set(on_page), (version, f"seat 1's hidden cards on the page: {secret & set(on_page)}")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_replay_draws_what_the_api_gives_a_seat_and_a_spectator(web_url: str, page: Page, game: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    game_id, (ana, ben), head = short_game(web_url, game)
    started = next(e["version"] for e in events(web_url, game_id, None) if e["type"] == "GameStarted")
    # just after the start (the deal), the middle, and the last two versions the test left
    checked = sorted(v for v in {started + 1, (started + 1 + head) // 2, head - 1, head} if started < v <= head)
    assert len(checked) >= 2, (started, head)

    keep_seat(page, game_id, 0, ana)
    page.goto(f"{web_url}/replay.html?game={game_id}&version={checked[0]}")
    for version in checked:
        page.fill("#scrub", str(version))
        shown = replay(web_url, game_id, version, ana)
        assert shown["you"] == 0
        assert_draws(page, shown, replay(web_url, game_id, version, ben)["state"]["hand"])
    assert drawn(page, ".gt-hand"), "seat 0 holds cards at the head"
    keep(page, f"replay-{game}-seat")

    page.select_option("#viewer-select", "spectator")
    page.wait_for_selector('#table[data-seat="spectator"][aria-busy="false"]')  # not the seat's table still shown
    at(page, checked[-1])
    for version in checked:
        page.fill("#scrub", str(version))
        shown = replay(web_url, game_id, version, None)
        assert shown["you"] is None and shown["state"]["hand"] == []
        assert_draws(page, shown, replay(web_url, game_id, version, ben)["state"]["hand"])
        seat_0 = {str(card) for card in replay(web_url, game_id, version, ana)["state"]["hand"]}
        assert not set(drawn(page)) & (seat_0 - set(leaves(shown["state"]))), "seat 0's hidden cards shown"
    keep(page, f"replay-{game}-spectator")
    assert errors == []
