"""A person and three smart bots at a bohnanza table, over HTTP (issue 17): the trading window.

The server runs with a short window (TAPIS_BOT_TRADE_WINDOW_SECONDS=1.5). When a bot is the active player, its
trade phase stays open for the person: its offers to the person are still open when the person reads the view, a
proposal of the person's to the bot gets an answer (accept or decline), and the window closes by itself when the
person does nothing.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from infra.embedded import ServiceUrls
from tests import local_http
from tests.e2e.client import Tapis, bearer
from tests.e2e.conftest import start_server, stop_server

pytestmark = pytest.mark.e2e

WINDOW = 1.5
SEED = "3c" * 32


@pytest.fixture(scope="module")
def windowed(migrated_urls: ServiceUrls) -> Iterator[Tapis]:
    process, base = start_server(migrated_urls, {"TAPIS_BOT_TRADE_WINDOW_SECONDS": str(WINDOW)})
    try:
        with local_http.client(base_url=base, timeout=30) as http:
            yield Tapis(http, direct=True)
    finally:
        stop_server(process)


def table_with_three_bots(api: Tapis) -> tuple[str, str]:
    created = api.create("bohnanza", 4, seed=SEED)
    game_id, admin = created["game_id"], created["admin_token"]
    person = api.join(game_id, "ana")["player_token"]
    for _ in range(3):
        seated = api.http.post(f"/v1/games/{game_id}/seats", json={"bot": "smart"}, headers=bearer(admin))
        assert seated.status_code == 201, seated.text
    api.start(game_id, admin)
    return game_id, person


def persons_move(moves: list[dict[str, Any]]) -> dict[str, Any]:
    for kind in ("decline_trade", "plant", "turn_up", "end_trading", "plant_pending", "harvest"):
        for move in moves:
            if move["type"] == kind:
                return move
    return moves[0]


def bot_trading(shown: dict[str, Any]) -> bool:
    state = shown["state"]
    return bool(shown["status"] == "active" and state["phase"] == "trade" and state["active"] != 0)


def offers_to_me(shown: dict[str, Any]) -> list[int]:
    state = shown["state"]
    return [t["trade_id"] for t in state["trades"] if t["from"] == state["active"] and t["to"] == 0]


def until_a_bot_trades(api: Tapis, game_id: str, person: str, seconds: float = 60) -> dict[str, Any]:
    """The person plays its own part (declining what it is asked) until a bot's trade phase is open."""
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        shown = api.view(game_id, person)
        if bot_trading(shown):
            return shown
        if 0 in shown["awaiting"]:
            answer = api.command(game_id, person, persons_move(api.moves(game_id, person)))
            assert answer.status_code in (200, 409, 422), answer.text  # a bot may have moved meanwhile
        else:
            time.sleep(0.05)
    raise AssertionError("no bot's trade phase opened")


def closes_within(api: Tapis, game_id: str, person: str, opened: dict[str, Any], seconds: float) -> float:
    """Seconds until the bot's trade phase seen in `opened` is over, the person doing nothing."""
    began = time.monotonic()
    active = opened["state"]["active"]
    while time.monotonic() - began < seconds:
        shown = api.view(game_id, person)
        if not bot_trading(shown) or shown["state"]["active"] != active:
            return time.monotonic() - began
        time.sleep(0.05)
    raise AssertionError(f"seat {active}'s trading window stayed open past {seconds} s")


def test_a_person_proposes_to_an_active_bot_and_the_bot_answers(windowed: Tapis) -> None:
    game_id, person = table_with_three_bots(windowed)
    shown = until_a_bot_trades(windowed, game_id, person)
    active = shown["state"]["active"]
    bean = (shown["state"]["face_up"] or ["blue"])[0]
    proposed = windowed.command(game_id, person, {"type": "propose_trade", "to": active, "want": {bean: 1}})
    assert proposed.status_code == 200, proposed.text
    body = proposed.json()
    trade_id = next(e["data"]["trade_id"] for e in body["events"] if e["type"] == "TradeProposed")
    deadline = time.monotonic() + WINDOW
    answer = None
    while answer is None and time.monotonic() < deadline:
        events = windowed.http.get(
            f"/v1/games/{game_id}/events", params={"after": body["version"]}, headers=bearer(person)
        ).json()["events"]
        answers = [e for e in events if e["type"] in ("TradeAccepted", "TradeCancelled")]
        answer = next((e for e in answers if e["data"]["trade_id"] == trade_id), None)
        time.sleep(0.05)
    assert answer is not None, "the bot answered within its window"
    assert answer["type"] == "TradeAccepted" or answer["data"]["reason"] == "declined"
    # the window closes by itself afterwards
    closes_within(windowed, game_id, person, shown, WINDOW + 5)


def test_a_bots_offer_stays_open_and_the_window_closes_by_itself(windowed: Tapis) -> None:
    game_id, person = table_with_three_bots(windowed)
    offered: list[int] = []
    closed: list[float] = []
    # bot trade phases until one offers the person something: the deal is the server's (dealing v2 binds it to the
    # game id), so some tables go a dozen phases without a gift to the person; a table that ends gives way to a new one
    for _ in range(40):
        if windowed.view(game_id, person)["status"] != "active":
            game_id, person = table_with_three_bots(windowed)
        try:
            shown = until_a_bot_trades(windowed, game_id, person, seconds=30)
        except AssertionError:
            if windowed.view(game_id, person)["status"] == "active":
                raise
            continue  # the game ended between two bot trade phases
        if offers_to_me(shown) and not offered:
            offered = offers_to_me(shown)
            time.sleep(WINDOW / 3)
            again = windowed.view(game_id, person)
            assert bot_trading(again) and set(offered) <= set(offers_to_me(again)), "still open for the person"
        # the person does nothing: the window closes by itself, after about its time
        closed.append(closes_within(windowed, game_id, person, shown, WINDOW + 5))
        if offered:
            break
    assert offered, "a bot offered the person a card in one of its trade phases"
    assert max(closed) >= WINDOW / 2, closed  # held for the person, not ended in the same burst
