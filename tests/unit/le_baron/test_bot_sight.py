"""Bots see only what their seat sees: two states that give a seat the same view give its bots the same move."""

from __future__ import annotations

import random

from hypothesis import given, settings
from msgspec.structs import replace

from domain.games.le_baron import GAME
from domain.games.le_baron.state import State
from tests.unit.bot_sight import Sight, check_sight, deal_again, played_into, sights


def rehide(state: State, seat: int, rng: random.Random) -> State:
    """The other hands, every pile (secret even to its owner) and the box dealt anew (each keeps its size), and every
    other seat's secret choice made again from its hand."""
    others = [s for s in range(state.players) if s != seat]
    dealt = deal_again([*(state.hands[s] for s in others), *state.piles, state.box], rng)
    hands = list(state.hands)
    for s, cards in zip(others, dealt, strict=False):
        hands[s] = sorted(cards)
    piles = dealt[len(others) : len(others) + len(state.piles)]
    chosen = [rng.choice(hands[s]) if s != seat and card is not None else card for s, card in enumerate(state.chosen)]
    return replace(state, hands=hands, piles=piles, box=dealt[-1], chosen=chosen)


@settings(max_examples=12, deadline=None)
@given(sight=sights(players=(2, 10), steps=120))
def test_a_bot_decides_from_its_seats_view_alone(sight: Sight) -> None:
    game = played_into(GAME, sight.players, sight.seed, sight.steps, sight.levels)
    check_sight(GAME, game, rehide, sight.rng)
