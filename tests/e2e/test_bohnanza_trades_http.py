"""Bohnanza over HTTP with real trades: a gift from the turned-up cards, a swap offered by another seat."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.e2e.client import Tapis

pytestmark = pytest.mark.e2e


def ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def event_types(body: dict[str, Any]) -> list[str]:
    return [e["type"] for e in body["events"]]


@pytest.mark.parametrize("players", [3, 5])
def test_a_game_with_trades(api: Tapis, players: int) -> None:
    game_id, _, tokens = api.new_game("bohnanza", players, seed="11" * 32)
    active = api.view(game_id)["state"]["active"]
    assert active == 0
    ok(api.command(game_id, tokens[0], {"type": "plant", "field": 0}))
    ok(api.command(game_id, tokens[0], {"type": "turn_up"}))
    face_up = api.view(game_id)["state"]["face_up"]
    assert len(face_up) == 2

    # the active player gives a turned-up card away; the receiver must accept it
    gift = ok(api.command(game_id, tokens[0], {"type": "propose_trade", "to": 1, "give_face_up": [0], "want": {}}))
    trade_id = next(e["data"]["trade_id"] for e in gift["events"] if e["type"] == "TradeProposed")
    accepted = ok(api.command(game_id, tokens[1], {"type": "accept_trade", "trade_id": trade_id}))
    assert "TradeAccepted" in event_types(accepted)
    assert api.view(game_id, tokens[1])["state"]["pending"][1] == [face_up[0]]

    # another seat offers the front card of its hand for the remaining turned-up card
    hand_2 = api.view(game_id, tokens[2])["state"]["hand"]
    swap = ok(
        api.command(game_id, tokens[2], {"type": "propose_trade", "to": 0, "give_hand": [0], "want": {face_up[1]: 1}})
    )
    swap_id = next(e["data"]["trade_id"] for e in swap["events"] if e["type"] == "TradeProposed")
    done = ok(api.command(game_id, tokens[0], {"type": "accept_trade", "trade_id": swap_id, "give_face_up": [0]}))
    assert "TradeAccepted" in event_types(done)
    view = api.view(game_id, tokens[2])["state"]
    assert view["pending"][0] == [hand_2[0]]
    assert view["pending"][2] == [face_up[1]]
    assert view["hand"] == hand_2[1:]  # a queue: the rest keeps its order

    final = api.play_to_end(game_id, tokens)
    assert final["status"] == "finished"
    scores = final["scores"]
    assert final["winners"] == [max(s for s, v in enumerate(scores) if v == max(scores))]
    events = api.http.get(f"/v1/games/{game_id}/events", params={"limit": 1000}).json()["events"]
    assert sum(e["type"] == "TradeAccepted" for e in events) >= 2
    assert api.http.get(f"/v1/games/{game_id}/audit").json()["ok"]
