"""A hand or a hidden choice never reaches another seat: view, events, replay, legal moves, errors."""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel.shuffle import Draws
from tests.e2e.client import Tapis, bearer

pytestmark = pytest.mark.e2e


def others_hidden(api: Tapis, game_id: str, tokens: list[str], seat: int, hands: list[list[int]]) -> None:
    token = tokens[seat]
    view = api.view(game_id, token)
    state = view["state"]
    assert view["seed"] is None
    assert state["hands"] is None
    assert state["hand"] == hands[seat]
    assert state["my_choice"] is None or state["my_choice"] in hands[seat]
    events = api.http.get(f"/v1/games/{game_id}/events", params={"limit": 1000}, headers=bearer(token)).json()
    dealt: set[int] = set()
    for event in events["events"]:
        data = event["data"]
        match event["type"]:
            case "CardsDealt":
                assert all(h == [] for s, h in enumerate(data["hands"]) if s != seat)
                dealt |= set(data["hands"][seat])
            case "CardChosen" if data["seat"] != seat:
                assert data["card"] is None
            case "DeckShuffled":
                assert data["order"] == [] and data["source"] == []
            case "GameEnded":
                raise AssertionError("the game is not over")
    for version in range(1, view["version"] + 1, 7):
        past = api.http.get(f"/v1/games/{game_id}/replay", params={"version": version}, headers=bearer(token)).json()
        if past["state"] is not None:
            assert past["state"]["hands"] is None
            assert set(past["state"]["hand"]) <= dealt
    moves = api.moves(game_id, token)
    assert all(m["card"] in hands[seat] for m in moves if m["type"] == "play_card")
    refused = api.command(
        game_id, token, {"type": "play_card", "card": next(c for h in hands for c in h if c not in hands[seat])}
    )
    assert refused.status_code == 422
    assert str(hands[(seat + 1) % len(hands)]) not in refused.text


def test_no_seat_ever_sees_another_hand_or_choice(api: Tapis) -> None:
    game_id, _, tokens = api.new_game("six-nimmt", 3, {"end": {"kind": "rounds", "rounds": 1}})
    draws = Draws(b"secrets", game_id)
    for _ in range(12):
        hands = [api.view(game_id, t)["state"]["hand"] for t in tokens]
        for seat in range(3):
            others_hidden(api, game_id, tokens, seat, hands)
        view = api.view(game_id)
        if view["status"] != "active":
            break
        spectator: dict[str, Any] = view["state"]
        assert spectator["hand"] == [] and spectator["hands"] is None
        seat = view["awaiting"][0]
        moves = api.moves(game_id, tokens[seat])
        assert api.command(game_id, tokens[seat], moves[draws.draw(len(moves))]).status_code == 200
