"""Bull heads and the cards in play (rules/six-nimmt.md, Cards)."""

from __future__ import annotations

import pytest

from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.cards import heads, heads_of
from domain.games.six_nimmt.events import CardsDealt, RoundEnded
from domain.games.six_nimmt.options import EndAfterRounds, Options
from domain.kernel.events import DeckShuffled
from tests.unit.harness import Game
from tests.unit.six_nimmt.positions import of_type, play_turn, position


def test_55_has_seven_heads() -> None:
    assert heads(55) == 7


@pytest.mark.parametrize("card", [11, 22, 33, 44, 66, 77, 88, 99])
def test_other_multiples_of_11_have_five_heads(card: int) -> None:
    assert heads(card) == 5


@pytest.mark.parametrize("card", [10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
def test_multiples_of_10_have_three_heads(card: int) -> None:
    assert heads(card) == 3


@pytest.mark.parametrize("card", [5, 15, 25, 35, 45, 65, 75, 85, 95])
def test_cards_ending_in_5_have_two_heads(card: int) -> None:
    assert heads(card) == 2


@pytest.mark.parametrize("card", [1, 7, 23, 68, 89, 101, 104])
def test_all_other_cards_have_one_head(card: int) -> None:
    assert heads(card) == 1


def test_the_full_deck_holds_171_heads() -> None:
    assert heads_of(list(range(1, 105))) == 171
    catalog = GAME.catalog()
    assert catalog["total_heads"] == 171
    assert sum(c["heads"] for c in catalog["cards"]) == 171
    assert [c["value"] for c in catalog["cards"]] == list(range(1, 105))


def test_seed_round_example_counts_ten_heads() -> None:
    """The seed: a 0-ending card (3), a double (5) and two ordinary cards (1 each) make 10 heads."""
    state = position(
        [[50], [60]], [[12], [20], [33], [47]], penalties=[[30, 44, 7, 8], []], options=Options(end=EndAfterRounds(1))
    )
    _, events = play_turn(state, [50, 60])
    (ended,) = of_type(events, RoundEnded)
    assert ended.heads == [10, 0]
    assert ended.totals == [10, 0]


@pytest.mark.parametrize(("players", "size"), [(2, 24), (3, 34), (4, 44), (5, 54), (6, 64), (7, 74), (10, 104)])
def test_reduced_deck_uses_10n_plus_4_cards(players: int, size: int) -> None:
    game = Game(GAME, players)
    events = game.start()
    (shuffled,) = of_type(events, DeckShuffled)
    assert shuffled.size == size
    assert shuffled.source == list(range(1, size + 1))
    (dealt,) = of_type(events, CardsDealt)
    in_play = sorted([c for hand in dealt.hands for c in hand] + dealt.rows)
    assert in_play == list(range(1, size + 1))


@pytest.mark.parametrize("players", [2, 4, 7])
def test_full_deck_uses_104_cards_and_leaves_the_rest_out(players: int) -> None:
    game = Game(GAME, players, {"deck": "full"})
    events = game.start()
    (shuffled,) = of_type(events, DeckShuffled)
    assert shuffled.size == 104
    assert shuffled.source == list(range(1, 105))
    (dealt,) = of_type(events, CardsDealt)
    in_play = [c for hand in dealt.hands for c in hand] + dealt.rows
    assert len(in_play) == 10 * players + 4
    assert sorted(in_play) == sorted(int(c) for c in shuffled.order[: 10 * players + 4])
