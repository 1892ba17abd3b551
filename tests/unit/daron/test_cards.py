"""The 100-card deck, its canonical order and hand points."""

from collections import Counter

from domain.games.daron.cards import DECK_SIZE, deck, hand_points, points


def test_the_deck_holds_the_hundred_cards_of_the_rules() -> None:
    counts = Counter(deck())
    assert len(deck()) == DECK_SIZE == 100
    assert counts == {
        "1": 4,
        **{str(v): 8 for v in range(2, 9)},
        "9": 4,
        "joker_even": 4,
        "joker_odd": 4,
        "+2": 4,
        "+3": 4,
        "+4": 4,
        "+5": 2,
        "x2": 2,
        "daron": 12,
    }


def test_canonical_order_follows_dealing_md() -> None:
    order = deck()
    assert order[:4] == ["1"] * 4
    assert order[4:12] == ["2"] * 8
    assert order[52:60] == ["8"] * 8
    assert order[60:64] == ["9"] * 4
    assert order[64:72] == ["joker_even"] * 4 + ["joker_odd"] * 4
    assert order[72:88] == ["+2"] * 4 + ["+3"] * 4 + ["+4"] * 4 + ["+5"] * 2 + ["x2"] * 2
    assert order[88:] == ["daron"] * 12


def test_hand_points_one_per_number_three_per_joker_two_for_the_rest() -> None:
    assert [points(c) for c in ("1", "9", "joker_even", "joker_odd", "+2", "+5", "x2", "daron")] == [
        1,
        1,
        3,
        3,
        2,
        2,
        2,
        2,
    ]
    assert hand_points(["3", "joker_odd", "daron", "x2"]) == 8
