"""Bots see only what their seat sees: two states that give a seat the same view give its bots the same move and
the same reaction."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.games.bohnanza import GAME
from domain.games.bohnanza.state import State
from tests.unit.bot_sight import check_sight, deal_again, played_into


def rehide(state: State, seat: int, rng: random.Random) -> State:
    """The other hands (contents and order), the deck, the gold piles and the discard under its top dealt anew,
    each keeping its size; a hand that an open proposal takes cards from stays as it is (the proposal names them)."""
    offering = {t.seat for t in state.trades if t.give_hand}
    others = [s for s in range(state.players) if s != seat and s not in offering]
    dealt = deal_again([*(state.hands[s] for s in others), state.deck, *state.gold, state.discard[:-1]], rng)
    hands = list(state.hands)
    for s, cards in zip(others, dealt, strict=False):
        hands[s] = cards
    deck = dealt[len(others)]
    gold = dealt[len(others) + 1 : len(others) + 1 + len(state.gold)]
    discard = [*dealt[-1], *state.discard[-1:]]
    return replace(state, hands=hands, deck=deck, gold=gold, discard=discard)


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(3, 7),
    seed=st.binary(min_size=32, max_size=32),
    steps=st.integers(0, 200),
    levels=st.lists(st.sampled_from(["random", "smart"]), min_size=1, max_size=3),
    shuffle=st.integers(0, 2**32),
)
def test_a_bot_decides_from_its_seats_view_alone(
    players: int, seed: bytes, steps: int, levels: list[str], shuffle: int
) -> None:
    game = played_into(GAME, players, seed, steps, levels, {"extended": players >= 6})
    check_sight(GAME, game, rehide, random.Random(shuffle))
