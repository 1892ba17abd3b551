"""The card sheet: the data published with the game, checked against the rules file."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.le_baron import GAME
from domain.games.le_baron.cards import (
    BARONS,
    CARDS,
    COLOURS,
    PILE_SIZES,
    SHEET,
    SYMBOLS,
    TOTAL_SYMBOLS,
    canonical_order,
    parse_symbols,
    points,
    shares_colour,
)

RULES_FILE = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "le-baron.md"


def test_110_cards_numbered_1_to_110() -> None:
    assert sorted(SYMBOLS) == list(range(1, 111))
    assert CARDS == 110
    assert canonical_order() == list(range(1, 111))


def test_223_symbols_in_all() -> None:
    assert sum(sum(s) for s in SYMBOLS.values()) == TOTAL_SYMBOLS == 223


def test_the_barons_carry_all_six_colours_and_only_they_do() -> None:
    assert BARONS == (52, 104)
    for baron in BARONS:
        assert SYMBOLS[baron] == (1, 1, 1, 1, 1, 1)
        assert points(baron) == 6
    assert [c for c, s in SYMBOLS.items() if all(s)] == [52, 104]


def test_a_card_is_worth_its_symbols() -> None:
    assert points(1) == 1  # blue
    assert points(2) == 2  # yellow x2
    assert points(30) == 3  # white x2, green
    assert all(points(c) == sum(SYMBOLS[c]) >= 1 for c in SYMBOLS)


def test_reading_x2_as_two_symbols_of_that_colour() -> None:
    assert parse_symbols("red x2") == (0, 0, 0, 2, 0, 0)
    assert parse_symbols("white x2, green") == (0, 0, 1, 0, 0, 2)
    assert COLOURS == ("blue", "yellow", "green", "red", "black", "white")


def test_sharing_a_colour() -> None:
    assert shares_colour(1, 7)  # blue / blue, black
    assert not shares_colour(1, 2)  # blue / yellow
    assert all(shares_colour(52, c) for c in SYMBOLS)


def test_pile_sizes_by_player_count() -> None:
    assert PILE_SIZES == {2: 24, 3: 20, 4: 16, 5: 16, 6: 16, 7: 12, 8: 12, 9: 8, 10: 8}


@pytest.mark.skipif(not RULES_FILE.exists(), reason="shared/ is not beside the project")
def test_the_sheet_is_exactly_the_rules_file() -> None:
    block = RULES_FILE.read_text().split("```")[1]
    printed = {}
    for line in block.strip().splitlines():
        number, entry = line.split(":", 1)
        printed[int(number)] = entry.strip()
    assert printed == SHEET


def test_the_catalog_serves_the_sheet() -> None:
    catalog = GAME.catalog()
    assert catalog["total_symbols"] == 223
    assert len(catalog["cards"]) == 110
    assert sum(card["points"] for card in catalog["cards"]) == 223
    assert catalog["cards"][0] == {"number": 1, "symbols": {"blue": 1}, "points": 1, "baron": False}
    assert catalog["cards"][29] == {"number": 30, "symbols": {"green": 1, "white": 2}, "points": 3, "baron": False}
    baron = catalog["cards"][51]
    assert baron["baron"] and baron["symbols"] == dict.fromkeys(COLOURS, 1)
    assert catalog["colours"] == list(COLOURS)
