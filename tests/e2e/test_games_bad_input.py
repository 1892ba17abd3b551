"""Each game's illegal commands over HTTP: the precise 4xx code, and every view unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.client import Tapis

pytestmark = pytest.mark.e2e


def refused(api: Tapis, game_id: str, tokens: list[str], seat: int, body: dict[str, Any], code: str) -> None:
    before = [api.view(game_id, t) for t in tokens]
    response = api.command(game_id, tokens[seat], body)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == code, response.text
    assert [api.view(game_id, t) for t in tokens] == before


def dealt_until(
    api: Tapis, game: str, players: int, seed: str, wanted: Callable[[list[dict[str, Any]]], bool]
) -> tuple[str, list[str]]:
    """A started game whose deal has what a test needs (`wanted` of each seat's state, in seat order). Under dealing
    3 the deal key binds the game id, which the server draws at random, so a seed alone no longer fixes the hands:
    new games are dealt until one fits (each fits with a fair chance; 40 misses in a row would be a broken deal)."""
    for _ in range(40):
        game_id, _, tokens = api.new_game(game, players, seed=seed)
        if wanted([api.view(game_id, t)["state"] for t in tokens]):
            return game_id, tokens
    raise AssertionError(f"no {game} deal of 40 had what the test needs")


def play_until(api: Tapis, game_id: str, tokens: list[str], found: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Play first legal moves until `found(view)`; the view returned is the omniscient-free spectator view."""
    for _ in range(2000):
        view = api.view(game_id)
        if found(view):
            return view
        assert view["status"] == "active", "the situation never came up"
        seat = view["awaiting"][0]
        assert api.command(game_id, tokens[seat], api.moves(game_id, tokens[seat])[0]).status_code == 200
    raise AssertionError("the situation never came up")


def test_creation_options(api: Tapis) -> None:
    cases = [
        ("le-baron", 1, {}, "invalid_players"),
        ("le-baron", 11, {}, "invalid_players"),
        ("le-baron", 4, {"variants": ["golden"]}, "invalid_options"),
        ("barbu", 2, {}, "invalid_players"),
        ("barbu", 4, {"contracts": ["poker"]}, "invalid_options"),
        ("daron", 9, {}, "invalid_players"),
        ("bohnanza", 6, {}, "invalid_options"),
        ("bohnanza", 4, {"extended": True}, "invalid_options"),
    ]
    for game, players, options, code in cases:
        response = api.http.post("/v1/games", json={"game": game, "players": players, "options": options})
        assert response.status_code == 422, response.text
        assert response.json()["error"]["code"] == code


def test_le_baron(api: Tapis) -> None:
    game_id, _, tokens = api.new_game("le-baron", 3, seed="33" * 32)
    hands = [api.view(game_id, t)["state"]["hand"] for t in tokens]
    refused(api, game_id, tokens, 0, {"type": "play_card", "card": hands[1][0]}, "card_not_in_hand")
    elsewhere = next(c for c in range(1, 111) if all(c not in h for h in hands))  # in a pile or the box
    refused(api, game_id, tokens, 0, {"type": "play_card", "card": elsewhere}, "card_not_in_hand")
    refused(api, game_id, tokens, 0, {"type": "choose_row", "row": 0}, "not_asked")
    view = play_until(
        api, game_id, tokens, lambda v: v["state"]["phase"] == "choose_row" and 0 < len(v["state"]["choices"]) < 5
    )
    asked = view["awaiting"][0]
    wrong = next(r for r in range(5) if r not in view["state"]["choices"])
    refused(api, game_id, tokens, asked, {"type": "choose_row", "row": wrong}, "row_not_matching")


def test_barbu(api: Tapis) -> None:
    def follows_and_not(states: list[dict[str, Any]]) -> bool:
        # seat 1 holds the suit seat 0 leads below (its last card) and another one
        suit, second = states[0]["hand"][-1][-1], states[1]["hand"]
        return any(c.endswith(suit) for c in second) and not all(c.endswith(suit) for c in second)

    game_id, tokens = dealt_until(api, "barbu", 4, "44" * 32, follows_and_not)
    refused(api, game_id, tokens, 1, {"type": "choose_contract", "contract": "tricks"}, "not_your_turn")
    refused(api, game_id, tokens, 0, {"type": "choose_contract", "contract": "poker"}, "contract_not_in_play")
    hand = api.view(game_id, tokens[0])["state"]["hand"]
    refused(api, game_id, tokens, 0, {"type": "play_card", "card": hand[0]}, "wrong_phase")
    assert api.command(game_id, tokens[0], {"type": "choose_contract", "contract": "tricks"}).status_code == 200
    refused(
        api,
        game_id,
        tokens,
        2,
        {"type": "play_card", "card": api.view(game_id, tokens[2])["state"]["hand"][0]},
        "not_your_turn",
    )
    refused(api, game_id, tokens, 0, {"type": "pass"}, "pass_not_allowed")
    lead = hand[-1]
    assert api.command(game_id, tokens[0], {"type": "play_card", "card": lead}).status_code == 200
    suit = lead[-1]
    second = api.view(game_id, tokens[1])["state"]["hand"]
    assert any(c.endswith(suit) for c in second) and not all(c.endswith(suit) for c in second)
    off = next(c for c in second if not c.endswith(suit))
    refused(api, game_id, tokens, 1, {"type": "play_card", "card": off}, "must_follow_suit")


def test_daron(api: Tapis) -> None:
    def far_card(states: list[dict[str, Any]]) -> bool:
        # seat 0 holds a number two or more from the top card (not_adjacent below)
        top = states[0]["top"]
        return any(c.isdigit() and abs(int(c) - top) > 1 for c in states[0]["hand"])

    game_id, tokens = dealt_until(api, "daron", 3, "55" * 32, far_card)
    state = api.view(game_id, tokens[0])["state"]
    assert state["to_act"] == 0
    refused(api, game_id, tokens, 1, {"type": "draw"}, "not_your_turn")
    missing = next(c for c in ["1", "9", "x2", "+5", "joker_odd", "joker_even"] if c not in state["hand"])
    refused(api, game_id, tokens, 0, {"type": "deposit", "cards": [missing]}, "card_not_in_hand")
    refused(api, game_id, tokens, 0, {"type": "pass"}, "must_draw_first")
    refused(api, game_id, tokens, 0, {"type": "riposte", "card": "+2"}, "not_asked")
    top = state["top"]
    far = next(c for c in state["hand"] if c.isdigit() and abs(int(c) - top) > 1)
    refused(api, game_id, tokens, 0, {"type": "deposit", "cards": [far]}, "not_adjacent")
    if "x2" in state["hand"]:
        refused(api, game_id, tokens, 0, {"type": "duel", "card": "x2"}, "x2_cannot_open")
    assert api.command(game_id, tokens[0], {"type": "draw"}).status_code == 200
    refused(api, game_id, tokens, 0, {"type": "draw"}, "already_drawn")


def test_bohnanza(api: Tapis) -> None:
    game_id, _, tokens = api.new_game("bohnanza", 3, seed="66" * 32)
    refused(api, game_id, tokens, 0, {"type": "turn_up"}, "must_plant")
    refused(api, game_id, tokens, 1, {"type": "plant", "field": 0}, "not_your_turn")
    # a field number beyond any seat's three is not a command at all (its bound, 0..2, is in the schema)
    beyond = api.command(game_id, tokens[0], {"type": "plant", "field": 5})
    assert beyond.status_code == 400 and beyond.json()["error"]["code"] == "invalid_command", beyond.text
    refused(api, game_id, tokens, 0, {"type": "harvest", "field": 0}, "empty_field")
    refused(api, game_id, tokens, 0, {"type": "buy_field"}, "field_limit")
    refused(api, game_id, tokens, 1, {"type": "end_trading"}, "wrong_phase")
    assert api.command(game_id, tokens[0], {"type": "plant", "field": 0}).status_code == 200
    assert api.command(game_id, tokens[0], {"type": "turn_up"}).status_code == 200
    refused(api, game_id, tokens, 1, {"type": "end_trading"}, "not_your_turn")
    refused(
        api,
        game_id,
        tokens,
        1,
        {"type": "propose_trade", "to": 2, "give_hand": [0], "want": {}},
        "trade_with_active_only",
    )
    refused(api, game_id, tokens, 1, {"type": "accept_trade", "trade_id": 99}, "unknown_trade")
