"""The catalogue over HTTP: every game with its ranges, options and card data (le-baron's sheet in full)."""

from __future__ import annotations

import pytest

from tests.e2e.client import Tapis

pytestmark = pytest.mark.e2e

RANGES = {"six-nimmt": (2, 10), "le-baron": (2, 10), "barbu": (3, 6), "daron": (2, 8), "bohnanza": (3, 7)}


def test_the_catalogue_lists_every_game(api: Tapis) -> None:
    games = {g["game"]: g for g in api.http.get("/v1/catalog").json()["games"]}
    assert {name: (g["min_players"], g["max_players"]) for name, g in games.items()} == RANGES
    assert games["le-baron"]["options"] == {"rounds": 1, "variants": []}
    assert set(games["barbu"]["commands"]) == {"choose_contract", "play_card", "pass"}


def test_le_baron_serves_its_card_sheet(api: Tapis) -> None:
    data = api.http.get("/v1/catalog/le-baron").json()["data"]
    cards = data["cards"]
    assert [c["number"] for c in cards] == list(range(1, 111))
    assert data["total_symbols"] == 223 == sum(sum(c["symbols"].values()) for c in cards)
    barons = [c["number"] for c in cards if c["baron"]]
    assert barons == [52, 104]
    for number in barons:
        assert cards[number - 1]["symbols"] == dict.fromkeys(data["colours"], 1)
    assert cards[1]["symbols"] == {"yellow": 2} and cards[1]["points"] == 2  # 2: yellow x2


def test_every_game_serves_its_cards(api: Tapis) -> None:
    assert api.http.get("/v1/catalog/six-nimmt").json()["data"]["total_heads"] == 171
    assert len(api.http.get("/v1/catalog/barbu").json()["data"]["cards"]) == 52
    assert api.http.get("/v1/catalog/daron").json()["data"]["deck_size"] == 100
    beans = api.http.get("/v1/catalog/bohnanza").json()["data"]["beans"]
    assert sum(b["cards"] for b in beans if b["base"]) == 104
    assert sum(b["cards"] for b in beans if b["extended"]) == 144
