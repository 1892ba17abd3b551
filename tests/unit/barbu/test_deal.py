"""The deck, the deal of rules/dealing.md and the cards removed face up."""

from __future__ import annotations

import pytest

from domain.games.barbu import GAME
from domain.games.barbu.cards import DECK, hand_size, rank, suit
from domain.games.barbu.events import CardsDealt
from domain.games.barbu.evolve import evolve, initial_state
from domain.games.barbu.options import Options
from domain.games.barbu.rounds import deal_round
from domain.kernel.context import Shuffler
from domain.kernel.events import DeckShuffled
from domain.kernel.recorder import Recorder
from domain.kernel.shuffle import shuffle
from tests.unit.barbu.positions import SEED


def test_deck_has_52_cards_in_canonical_order() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    assert DECK[:3] == ("2C", "3C", "4C")
    assert DECK[12] == "AC"
    assert DECK[-1] == "AS"
    assert "10H" in DECK and "QS" in DECK
    assert [suit(c) for c in DECK[::13]] == ["C", "D", "H", "S"]


def test_rank_order_two_to_ace() -> None:
    assert [rank(c) for c in ("2H", "10H", "JH", "QH", "KH", "AH")] == [2, 10, 11, 12, 13, 14]


@pytest.mark.parametrize(("players", "size", "left"), [(3, 17, 1), (4, 13, 0), (5, 10, 2), (6, 8, 4)])
def test_hand_sizes_and_leftover(players: int, size: int, left: int) -> None:
    assert hand_size(players) == size
    events = GAME.start(initial_state(players, Options()), Shuffler(SEED, 0))
    dealt = events[1]
    assert isinstance(dealt, CardsDealt)
    assert dealt.hand_sizes == [size] * players
    assert len(dealt.removed) == left
    every = [c for h in dealt.hands for c in h] + dealt.removed
    assert sorted(every) == sorted(DECK)


@pytest.mark.parametrize(("players", "chooser"), [(3, 0), (4, 2), (5, 4), (6, 3)])
def test_deal_one_at_a_time_from_the_chooser(players: int, chooser: int) -> None:
    rec = Recorder(initial_state(players, Options()), evolve)
    deal_round(rec, Shuffler(SEED, 0), chooser=chooser)
    shuffled, dealt = rec.events
    assert isinstance(shuffled, DeckShuffled) and isinstance(dealt, CardsDealt)
    order = shuffle(SEED, "shuffle:0", DECK)
    assert shuffled.label == "shuffle:0"
    assert shuffled.source == list(DECK)
    assert shuffled.order == order
    size = hand_size(players)
    for i, card in enumerate(order[: size * players]):
        assert card in dealt.hands[(chooser + i) % players]
    assert dealt.removed == order[size * players :]
    assert dealt.chooser == chooser


def test_hands_are_kept_in_canonical_order() -> None:
    events = GAME.start(initial_state(4, Options()), Shuffler(SEED, 0))
    dealt = events[1]
    assert isinstance(dealt, CardsDealt)
    for hand in dealt.hands:
        assert hand == sorted(hand, key=DECK.index)


def test_each_round_shuffles_anew_with_the_next_label() -> None:
    state = initial_state(4, Options())
    first = GAME.start(state, Shuffler(SEED, 0))
    rec = Recorder(state, evolve)
    deal_round(rec, Shuffler(SEED, 1), chooser=1)
    assert isinstance(first[0], DeckShuffled) and isinstance(rec.events[0], DeckShuffled)
    assert rec.events[0].label == "shuffle:1"
    assert rec.events[0].order != first[0].order
