"""Set-up per rules/le-baron.md and rules/dealing.md: piles, five rows, four cards in hand, the box."""

from __future__ import annotations

import msgspec
import pytest

from domain.games.le_baron import GAME
from domain.games.le_baron.cards import PILE_SIZES
from domain.games.le_baron.events import CardsDealt, HandRefilled, RoundEnded
from domain.kernel.events import DeckShuffled
from domain.kernel.shuffle import shuffle
from domain.kernel.viewer import seat_viewer
from tests.unit.harness import SEED, Game
from tests.unit.le_baron.positions import of_type


@pytest.mark.parametrize("players", range(2, 11))
def test_the_deal_follows_dealing_md(players: int) -> None:
    game = Game(GAME, players)
    events = game.start()
    shuffled = of_type(events, DeckShuffled)
    assert [s.label for s in shuffled] == ["shuffle:0"]
    assert shuffled[0].source == list(range(1, 111))
    order = shuffle(SEED, "shuffle:0", list(range(1, 111)))
    assert shuffled[0].order == order

    size = PILE_SIZES[players]
    (dealt,) = of_type(events, CardsDealt)
    # one card at a time to seats 0..n-1; the first card received is the top of the pile
    assert dealt.piles == [order[seat : size * players : players] for seat in range(players)]
    assert dealt.pile_sizes == [size] * players
    assert dealt.rows == order[size * players : size * players + 5]
    assert dealt.box == order[size * players + 5 :]
    assert dealt.box_size == 110 - size * players - 5

    refills = of_type(events, HandRefilled)
    assert [r.seat for r in refills] == list(range(players))
    assert [r.cards for r in refills] == [pile[:4] for pile in dealt.piles]
    state = game.state
    assert state.hands == [sorted(pile[:4]) for pile in dealt.piles]
    assert state.piles == [pile[4:] for pile in dealt.piles]
    assert state.rows == [[c] for c in dealt.rows]
    assert state.phase == "choose"
    assert GAME.awaiting(state) == list(range(players))


@pytest.mark.parametrize("players", range(2, 11))
def test_the_deal_uses_every_card_once(players: int) -> None:
    game = Game(GAME, players)
    game.start()
    s = game.state
    held = [c for h in s.hands for c in h] + [c for p in s.piles for c in p] + [c for r in s.rows for c in r] + s.box
    assert sorted(held) == list(range(1, 111))


def test_the_view_shows_pile_sizes_but_no_pile() -> None:
    game = Game(GAME, 3)
    game.start()
    seen = msgspec.to_builtins(GAME.view(game.state, seat_viewer(0)))
    assert seen["pile_sizes"] == [16, 16, 16]
    assert seen["piles"] is None
    assert seen["hand"] == game.state.hands[0]
    assert seen["box_size"] == 110 - 60 - 5
    assert seen["phase"] == "choose"


def test_each_round_deals_again_with_the_next_label() -> None:
    game = Game(GAME, 4, {"rounds": 3})
    game.play_out()
    assert [e.label for e in of_type(game.events, DeckShuffled)] == ["shuffle:0", "shuffle:1", "shuffle:2"]
    assert [e.round for e in of_type(game.events, CardsDealt)] == [1, 2, 3]
    assert [e.last for e in of_type(game.events, RoundEnded)] == [False, False, True]
