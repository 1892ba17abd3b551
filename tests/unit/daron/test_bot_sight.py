"""Bots see only what their seat sees: two states that give a seat the same view give its bots the same move."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.games.daron import GAME
from domain.games.daron.cards import sort_hand
from domain.games.daron.state import State
from tests.unit.bot_sight import check_sight, deal_again, played_into


def rehide(state: State, seat: int, rng: random.Random) -> State:
    """The other hands, the draw pile and the discard under its top dealt anew (each keeps its size)."""
    others = [s for s in range(state.players) if s != seat]
    dealt = deal_again([*(state.hands[s] for s in others), state.draw_pile, state.discard[:-1]], rng)
    hands = list(state.hands)
    for s, cards in zip(others, dealt, strict=False):
        hands[s] = sort_hand(cards)
    return replace(state, hands=hands, draw_pile=dealt[-2], discard=[*dealt[-1], state.discard[-1]])


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.binary(min_size=32, max_size=32),
    steps=st.integers(0, 150),
    levels=st.lists(st.sampled_from(["random", "smart"]), min_size=1, max_size=3),
    shuffle=st.integers(0, 2**32),
)
def test_a_bot_decides_from_its_seats_view_alone(
    players: int, seed: bytes, steps: int, levels: list[str], shuffle: int
) -> None:
    game = played_into(GAME, players, seed, steps, levels)
    check_sight(GAME, game, rehide, random.Random(shuffle))
