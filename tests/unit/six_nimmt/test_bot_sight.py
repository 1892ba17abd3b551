"""Bots see only what their seat sees: two states that give a seat the same view give its bots the same move."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.state import State
from tests.unit.bot_sight import Sight, check_sight, deal_again, played_into, sights


def rehide(state: State, seat: int, rng: random.Random) -> State:
    """The other hands dealt anew among them (public in `pro`: kept), and every other seat's secret choice made
    again from its hand."""
    others = [s for s in range(state.players) if s != seat]
    hands = list(state.hands)
    if not state.options.pro:
        for s, cards in zip(others, deal_again([state.hands[s] for s in others], rng), strict=True):
            hands[s] = sorted(cards)
    chosen = [rng.choice(hands[s]) if s != seat and card is not None else card for s, card in enumerate(state.chosen)]
    return replace(state, hands=hands, chosen=chosen)


@settings(max_examples=12, deadline=None)
@given(sight=sights(players=(2, 10), steps=120), variant=st.sampled_from(["standard", "pro"]))
def test_a_bot_decides_from_its_seats_view_alone(sight: Sight, variant: str) -> None:
    game = played_into(GAME, sight.players, sight.seed, sight.steps, sight.levels, {"variant": variant})
    check_sight(GAME, game, rehide, sight.rng)
