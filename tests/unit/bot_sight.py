"""Bots see only what their seat sees: the property each game's `test_bot_sight.py` checks with hypothesis.

A random game is played some way in; then the cards the bot's seat cannot see (the other hands, the piles, the
secret choices) are dealt out again at random, each seat and pile keeping its size. The seat's view must not move,
nor its legal moves, and every bot level must choose the same move (and the same reaction) from both states.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import msgspec
from hypothesis import strategies as st

from domain.kernel.bots import LEVELS, bot_label, reaction_label
from domain.kernel.game import AnyGame
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import Viewer
from tests.unit.harness import Game

T = TypeVar("T")
# (a state, the seat whose sight is kept, a source of randomness) -> the state with what that seat cannot see dealt anew
Rehide = Callable[[Any, int, random.Random], Any]
EXPERT_BUDGET = 0.1  # the expert's search in the property: a tenth of its worlds (one at least)


class Sight(msgspec.Struct, frozen=True):
    """One drawn example: how many seats, the deal's seed, how far in, the bots' levels, the rehiding's seed."""

    players: int
    seed: bytes
    steps: int
    levels: list[str]
    shuffle: int

    @property
    def rng(self) -> random.Random:
        return random.Random(self.shuffle)


def sights(players: tuple[int, int], steps: int) -> st.SearchStrategy[Sight]:
    """The examples every game's property draws: `players` from..to, 0..`steps` moves in, one to three levels."""
    return st.builds(
        Sight,
        players=st.integers(*players),
        seed=st.binary(min_size=32, max_size=32),
        steps=st.integers(0, steps),
        levels=st.lists(st.sampled_from(["random", "smart"]), min_size=1, max_size=3),
        shuffle=st.integers(0, 2**32),
    )


def deal_again(piles: Sequence[Sequence[T]], rng: random.Random) -> list[list[T]]:
    """The cards of `piles` shuffled together and dealt back, each pile keeping its size."""
    pool = [card for pile in piles for card in pile]
    rng.shuffle(pool)
    dealt, at = [], 0
    for pile in piles:
        dealt.append(pool[at : at + len(pile)])
        at += len(pile)
    return dealt


def played_into(
    rules: AnyGame, players: int, seed: bytes, steps: int, levels: Sequence[str], options: dict[str, Any] | None = None
) -> Game:
    """A game `steps` bot moves in (or finished before), the bots of `levels` taking turns."""
    game = Game(rules, players, options, seed=seed)
    game.start()
    for k in range(steps):
        if game.table.status != "active":
            break
        game.bot_step(levels[k % len(levels)])
    return game


def assert_same_sight_same_moves(rules: AnyGame, state: Any, other: Any, seat: int, version: int) -> None:
    """`state` and `other` look the same from `seat`: the same view, the same legal moves, the same bot moves."""
    viewer = Viewer(seat=seat)
    seen = msgspec.to_builtins(rules.view(state, viewer))
    assert msgspec.to_builtins(rules.view(other, viewer)) == seen, "the seat's view must not move"
    assert rules.legal_moves(other, seat) == rules.legal_moves(state, seat)
    for level in LEVELS:
        if rules.legal_moves(state, seat):
            draws = (Draws(b"sight", bot_label(seat, version)), Draws(b"sight", bot_label(seat, version)))
            # the expert's search too starts from the seat's view alone (a small budget: the same worlds either way)
            moves = [
                rules.bot_move(s, seat, level, d, EXPERT_BUDGET) for s, d in zip((state, other), draws, strict=True)
            ]
            assert moves[0] == moves[1], level
        label = reaction_label(seat, version)
        reactions = [rules.bot_reaction(s, seat, level, Draws(b"sight", label)) for s in (state, other)]
        assert reactions[0] == reactions[1], level


def check_sight(rules: AnyGame, game: Game, rehide: Rehide, rng: random.Random) -> bool:
    """The property at every seat of the game as it stands; False when the game is over (nothing to check)."""
    if game.table.status != "active":
        return False
    state = game.state
    for seat in range(game.table.players):
        other = rehide(state, seat, rng)
        assert_same_sight_same_moves(rules, state, other, seat, game.table.version)
    return True
