"""Bots see only what their seat sees: two states that give a seat the same view give its bots the same move."""

from __future__ import annotations

import random

from hypothesis import given, settings
from msgspec.structs import replace

from domain.games.daron import GAME
from domain.games.daron.cards import sort_hand
from domain.games.daron.state import State
from tests.unit.bot_sight import Sight, check_sight, deal_again, played_into, sights


def rehide(state: State, seat: int, rng: random.Random) -> State:
    """The other hands, the draw pile and the discard under its top dealt anew (each keeps its size)."""
    others = [s for s in range(state.players) if s != seat]
    dealt = deal_again([*(state.hands[s] for s in others), state.draw_pile, state.discard[:-1]], rng)
    hands = list(state.hands)
    for s, cards in zip(others, dealt, strict=False):
        hands[s] = sort_hand(cards)
    return replace(state, hands=hands, draw_pile=dealt[-2], discard=[*dealt[-1], state.discard[-1]])


@settings(max_examples=12, deadline=None)
@given(sight=sights(players=(2, 6), steps=150))
def test_a_bot_decides_from_its_seats_view_alone(sight: Sight) -> None:
    game = played_into(GAME, sight.players, sight.seed, sight.steps, sight.levels)
    check_sight(GAME, game, rehide, sight.rng)
