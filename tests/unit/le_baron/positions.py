"""Hand-built le-baron positions and the decide/evolve round trip the rule tests drive them with.

Tests go through `GAME` and its events, so a refactor of the game's private helpers leaves them green.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.games.le_baron import GAME
from domain.games.le_baron.commands import Command, PlayCard
from domain.games.le_baron.events import Event
from domain.games.le_baron.options import Options, Variant
from domain.games.le_baron.state import State
from tests.unit.harness import SEED, Driver, encoded, of_type

# Cards by what they show, for building positions that read like the rules.
BLUE = (1, 19, 43, 55, 61, 67, 97)
YELLOW = (56, 80, 86, 92)
GREEN = (3, 39, 57, 87, 99)
RED = (34, 40, 88, 94)
BLACK = (11, 23, 53, 59, 77, 83, 89, 107)
WHITE = (24, 84)


def options(*variants: Variant, rounds: int = 1) -> Options:
    return Options(rounds=rounds, variants=list(variants))


def position(
    hands: Sequence[Sequence[int]],
    rows: Sequence[Sequence[int]],
    *,
    piles: Sequence[Sequence[int]] | None = None,
    opts: Options | None = None,
    taken: Sequence[Sequence[int]] | None = None,
    totals: Sequence[int] | None = None,
    box: Sequence[int] = (),
    round_: int = 1,
) -> State:
    """A round in its choice phase, as if dealt: hands sorted, nobody has chosen yet."""
    n = len(hands)
    return State(
        players=n,
        options=opts or Options(),
        phase="choose",
        round=round_,
        hands=[sorted(h) for h in hands],
        piles=[list(p) for p in piles] if piles is not None else [[] for _ in range(n)],
        rows=[list(r) for r in rows],
        box=list(box),
        chosen=[None] * n,
        taken=[list(t) for t in taken] if taken is not None else [[] for _ in range(n)],
        totals=list(totals) if totals is not None else [0] * n,
    )


DRIVER: Driver[State, Command, Event] = Driver(GAME, lambda card: PlayCard(card=card), SEED)
decide, fold, act, play_turn, refused = DRIVER.decide, DRIVER.fold, DRIVER.act, DRIVER.play_turn, DRIVER.refused

__all__ = [
    "BLACK",
    "BLUE",
    "DRIVER",
    "GREEN",
    "RED",
    "SEED",
    "WHITE",
    "YELLOW",
    "act",
    "decide",
    "encoded",
    "fold",
    "of_type",
    "options",
    "play_turn",
    "position",
    "refused",
]
