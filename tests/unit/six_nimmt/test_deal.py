"""The deal of rules/dealing.md: one seeded shuffle, one card at a time to seats 0..n-1, then 4 row starters."""

from __future__ import annotations

import pytest

from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.events import CardsDealt, RoundEnded
from domain.kernel.events import DeckShuffled, GameStarted
from domain.kernel.shuffle import shuffle
from tests.unit.harness import SEED, Game
from tests.unit.six_nimmt.positions import of_type


def test_first_deal_follows_the_published_vector() -> None:
    """Ten players use 1..104, so the dealing.md vector for seed 00..1f, `shuffle:0`, applies as is."""
    game = Game(GAME, 10)
    events = game.start()
    assert isinstance(events[0], GameStarted)
    shuffled, dealt = events[1], events[2]
    assert isinstance(shuffled, DeckShuffled)
    assert isinstance(dealt, CardsDealt)
    assert shuffled.label == "shuffle:0"
    assert shuffled.order[:12] == [37, 36, 74, 11, 6, 84, 22, 14, 17, 65, 21, 50]
    assert shuffled.order[-5:] == [41, 97, 49, 94, 85]
    # one at a time: seat 0 takes the 1st and 11th cards, seat 1 the 2nd and 12th, ...
    assert {37, 21} <= set(dealt.hands[0])
    assert {36, 50} <= set(dealt.hands[1])
    assert 74 in dealt.hands[2]
    assert dealt.rows == [97, 49, 94, 85]
    assert game.state.rows == [[97], [49], [94], [85]]


@pytest.mark.parametrize("players", [2, 3, 6, 10])
def test_each_seat_gets_every_nth_card_from_the_front(players: int) -> None:
    game = Game(GAME, players)
    game.start()
    size = 10 * players + 4
    order = shuffle(SEED, "shuffle:0", list(range(1, size + 1)))
    for seat in range(players):
        assert game.state.hands[seat] == sorted(order[seat : 10 * players : players])
    assert game.state.rows == [[c] for c in order[10 * players : 10 * players + 4]]
    dealt = of_type(game.events, CardsDealt)[0]
    assert dealt.hand_sizes == [10] * players
    assert dealt.round == 1


def test_each_round_shuffles_again_with_the_next_label() -> None:
    game = Game(GAME, 10, {"end": {"kind": "rounds", "rounds": 2}})
    game.play_out()
    shuffles = of_type(game.events, DeckShuffled)
    assert [s.label for s in shuffles] == ["shuffle:0", "shuffle:1"]
    assert shuffles[1].order[:10] == [37, 16, 50, 31, 53, 82, 20, 45, 73, 5]
    # the second deal comes right after the first round's end, in the same command
    ended = next(i for i, e in enumerate(game.events) if isinstance(e, RoundEnded))
    assert isinstance(game.events[ended + 1], DeckShuffled)
    second = game.events[ended + 2]
    assert isinstance(second, CardsDealt)
    assert second.round == 2
    assert second.rows == [int(c) for c in shuffles[1].order[100:104]]
