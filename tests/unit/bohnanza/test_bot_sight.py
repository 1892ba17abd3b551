"""Bots see only what their seat sees: two states that give a seat the same view give its bots the same move and
the same reaction."""

from __future__ import annotations

import random

from hypothesis import given, settings
from msgspec.structs import replace

from domain.games.bohnanza import GAME
from domain.games.bohnanza.state import State
from tests.unit.bot_sight import Sight, check_sight, deal_again, played_into, sights


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
@given(sight=sights(players=(3, 7), steps=200))
def test_a_bot_decides_from_its_seats_view_alone(sight: Sight) -> None:
    game = played_into(GAME, sight.players, sight.seed, sight.steps, sight.levels, {"extended": sight.players >= 6})
    check_sight(GAME, game, rehide, sight.rng)
