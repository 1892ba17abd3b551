"""Every integer of every game's commands is bounded: bohnanza's `propose_trade` with a `want` count above 2^64-1
was committed, answered 500, and froze the game (its state could no longer be encoded for the projection, so every
later command was appended and answered 500). Now it is a 400 `invalid_command`, nothing is appended, and the game
goes on."""

from __future__ import annotations

from typing import Any

import pytest

from tests.adversarial.conftest import game_state, refused
from tests.e2e.client import Tapis

pytestmark = pytest.mark.e2e


def play_first_legal_move(client: Tapis, game_id: str, tokens: list[str]) -> None:
    seat = client.view(game_id)["awaiting"][0]
    response = client.command(game_id, tokens[seat], client.moves(game_id, tokens[seat])[0])
    assert response.status_code == 200, response.text


def out_of_bounds(client: Tapis, game_id: str, tokens: list[str], seat: int, commands: list[dict[str, Any]]) -> None:
    before = game_state(client, game_id, tokens[seat])
    for command in commands:
        refused(client.command(game_id, tokens[seat], command), 400, "invalid_command")
    assert game_state(client, game_id, tokens[seat]) == before


def test_bohnanza_trade_counts_and_indices(client: Tapis) -> None:
    game_id, _, tokens = client.new_game("bohnanza", 3)
    active = client.view(game_id)["awaiting"][0]
    huge = 2**64
    out_of_bounds(
        client,
        game_id,
        tokens,
        active,
        [
            {"type": "propose_trade", "want": {"soy": huge}},  # the finding: committed, then a 500 for ever
            {"type": "propose_trade", "want": {"soy": huge - 1}},
            {"type": "propose_trade", "want": {"soy": 25}},  # no bean has 25 cards
            {"type": "propose_trade", "want": {"soy": -1}},
            {"type": "propose_trade", "give_hand": [huge]},
            {"type": "propose_trade", "give_face_up": [154]},
            {"type": "propose_trade", "to": 7, "give_hand": [0]},
            {"type": "propose_trade", "want": {f"bean{i}": 1 for i in range(12)}},
            {"type": "accept_trade", "trade_id": 2**31},
            {"type": "accept_trade", "trade_id": 0},
            {"type": "withdraw_trade", "trade_id": huge},
            {"type": "decline_trade", "trade_id": -1},
            {"type": "plant", "field": 3},
            {"type": "plant", "field": huge},
            {"type": "harvest", "field": -1},
            {"type": "plant_pending", "card": huge, "field": 0},
        ],
    )
    # the game goes on: commands are answered, the state is served and moves
    version = client.view(game_id)["version"]
    for _ in range(3):
        play_first_legal_move(client, game_id, tokens)
    assert client.view(game_id)["version"] > version


def test_bohnanza_wants_within_bounds_are_the_rules_to_judge(client: Tapis) -> None:
    game_id, _, tokens = client.new_game("bohnanza", 3)
    active = client.view(game_id)["awaiting"][0]
    assert client.command(game_id, tokens[active], {"type": "plant", "field": 0}).status_code == 200
    assert client.command(game_id, tokens[active], {"type": "turn_up"}).status_code == 200
    before = game_state(client, game_id, tokens[active])
    zero = client.command(game_id, tokens[active], {"type": "propose_trade", "want": {"soy": 0}})
    refused(zero, 422, "invalid_trade")
    assert game_state(client, game_id, tokens[active]) == before


def test_daron_brawl_count(client: Tapis) -> None:
    game_id, _, tokens = client.new_game("daron", 3)
    seat = client.view(game_id)["awaiting"][0]
    out_of_bounds(
        client,
        game_id,
        tokens,
        seat,
        [
            {"type": "brawl", "count": 13},  # the deck holds 12 Daron cards
            {"type": "brawl", "count": 2**64},
            {"type": "brawl", "count": -1},
            {"type": "deposit", "cards": ["1"] * 101},  # more cards than the deck
        ],
    )


def test_six_nimmt_draft_card(client: Tapis) -> None:
    game_id, _, tokens = client.new_game("six-nimmt", 3)
    seat = client.view(game_id)["awaiting"][0]
    out_of_bounds(
        client,
        game_id,
        tokens,
        seat,
        [{"type": "draft_card", "card": 0}, {"type": "draft_card", "card": 105}, {"type": "draft_card", "card": 2**64}],
    )
