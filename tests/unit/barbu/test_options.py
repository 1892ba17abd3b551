"""Options: contracts in play, max_rounds, early_end; player counts."""

from __future__ import annotations

from typing import Any

import pytest

from domain.games.barbu import GAME
from domain.games.barbu.contracts import CONTRACTS
from domain.games.barbu.options import Options, total_rounds
from domain.kernel.errors import RuleViolation
from domain.kernel.table import parse_options


def test_defaults_are_all_seven_contracts_and_the_early_end() -> None:
    options = parse_options(GAME, 4, None)
    assert options == Options()
    assert list(options.contracts) == list(CONTRACTS)
    assert options.max_rounds is None
    assert options.early_end is True
    assert total_rounds(4, options) == 28


def test_a_subset_of_contracts_is_kept_in_the_rulebook_order() -> None:
    options = parse_options(GAME, 3, {"contracts": ["reussite", "queens"]})
    assert options.in_play == ["queens", "reussite"]
    assert total_rounds(3, options) == 6


def test_max_rounds_caps_the_game() -> None:
    assert total_rounds(6, parse_options(GAME, 6, {"max_rounds": 5})) == 5
    assert total_rounds(3, parse_options(GAME, 3, {"max_rounds": 500})) == 21


@pytest.mark.parametrize(
    "raw",
    [
        {"contracts": []},
        {"contracts": ["queens", "queens"]},
        {"contracts": ["poker"]},
        {"contracts": "queens"},
        {"max_rounds": 0},
        {"max_rounds": -3},
        {"early_end": "yes"},
        {"trumps": True},
    ],
)
def test_bad_options_are_refused(raw: dict[str, Any]) -> None:
    with pytest.raises(RuleViolation) as caught:
        parse_options(GAME, 4, raw)
    assert caught.value.code == "invalid_options"


@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players(players: int) -> None:
    with pytest.raises(RuleViolation) as caught:
        parse_options(GAME, players, None)
    assert caught.value.code == "invalid_players"


def test_catalog_lists_cards_and_contracts() -> None:
    catalog = GAME.catalog()
    assert len(catalog["cards"]) == 52
    assert catalog["contracts"] == list(CONTRACTS)
    assert catalog["hand_sizes"] == {"3": 17, "4": 13, "5": 10, "6": 8}
    assert catalog["removed_face_up"] == {"3": 1, "4": 0, "5": 2, "6": 4}
