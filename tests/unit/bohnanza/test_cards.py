"""The beans, their counts and bean-o-meters, exactly as rules/bohnanza.md prints them."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.games.bohnanza.cards import BASE_BEANS, EXTENDED_BEANS, coins_for, deck, next_threshold

# bean: (cards, cards for 1, 2, 3, 4 coins), None where the table has no step
TABLE = {
    "blue": (20, 4, 6, 8, 10),
    "chili": (18, 3, 6, 8, 9),
    "stink": (16, 3, 5, 7, 8),
    "green": (14, 3, 5, 6, 7),
    "soy": (12, 2, 4, 6, 7),
    "black_eyed": (10, 2, 4, 5, 6),
    "red": (8, 2, 3, 4, 5),
    "garden": (6, None, 2, 3, None),
    "cocoa": (4, None, 2, 3, 4),
    "wax": (22, 4, 7, 9, 11),
    "coffee": (24, 4, 7, 10, 12),
}


def expected_coins(bean: str, count: int) -> int:
    thresholds = TABLE[bean][1:]
    return max((coins for coins, need in enumerate(thresholds, 1) if need is not None and count >= need), default=0)


@pytest.mark.parametrize("bean", list(TABLE))
def test_bean_o_meter(bean: str) -> None:
    cards = TABLE[bean][0]
    assert [coins_for(bean, c) for c in range(1, cards + 1)] == [expected_coins(bean, c) for c in range(1, cards + 1)]
    for coins, need in enumerate(TABLE[bean][1:], 1):
        if need is not None:
            assert coins_for(bean, need) == coins
            assert coins_for(bean, need - 1) < coins


def test_the_seeds_stink_bean_example() -> None:
    # "1 ou 2 haricots puants ne rapportent rien du tout, 3 ou 4 rapportent une pièce, 5 ou 6 en rapportent
    # deux, 7 en rapportent trois, et il en faut 8 ou plus pour atteindre quatre pièces"
    assert [coins_for("stink", c) for c in range(1, 11)] == [0, 0, 1, 1, 2, 2, 3, 4, 4, 4]


def test_garden_never_pays_one_coin_nor_four() -> None:
    assert [coins_for("garden", c) for c in range(1, 7)] == [0, 2, 3, 3, 3, 3]


def test_cocoa_starts_at_two_coins() -> None:
    assert [coins_for("cocoa", c) for c in range(1, 5)] == [0, 2, 3, 4]


def test_next_threshold_counts_the_missing_cards() -> None:
    assert next_threshold("stink", 1) == 2
    assert next_threshold("stink", 7) == 1
    assert next_threshold("stink", 8) is None
    assert next_threshold("garden", 1) == 1
    assert next_threshold("garden", 3) is None


def test_base_deck_is_the_104_cards_in_canonical_order() -> None:
    cards = deck(extended=False)
    assert len(cards) == 104
    assert Counter(cards) == {bean: TABLE[bean][0] for bean in BASE_BEANS}
    # blue, chili, stink, green, soy, black_eyed, red, garden, each repeated its count
    assert cards == [
        b for b in ("blue", "chili", "stink", "green", "soy", "black_eyed", "red", "garden") for _ in range(TABLE[b][0])
    ]


def test_extended_deck_drops_cocoa_and_garden_and_adds_wax_and_coffee() -> None:
    cards = deck(extended=True)
    assert len(cards) == 144
    assert Counter(cards) == {bean: TABLE[bean][0] for bean in EXTENDED_BEANS}
    assert "cocoa" not in cards
    assert "garden" not in cards
    assert cards[-46:] == ["wax"] * 22 + ["coffee"] * 24
