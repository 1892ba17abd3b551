"""Hand-built le-baron positions and the decide/evolve round trip the rule tests drive them with.

Tests go through `RULES` and its events, so a refactor of the game's private helpers leaves them green.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import pytest

from domain.games.le_baron import RULES
from domain.games.le_baron.commands import Command, PlayCard
from domain.games.le_baron.events import Event
from domain.games.le_baron.options import Options, Variant
from domain.games.le_baron.state import State
from domain.kernel.context import Shuffler
from domain.kernel.errors import RuleViolation

SEED = bytes(range(32))

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


def decide(state: State, seat: int, command: Command, shuffles: int = 0) -> list[Event]:
    return RULES.decide(state, seat, command, Shuffler(SEED, shuffles))


def fold(state: State, events: Sequence[Event]) -> State:
    for event in events:
        state = RULES.evolve(state, event)
    return state


def act(state: State, seat: int, command: Command) -> tuple[State, list[Event]]:
    events = decide(state, seat, command)
    return fold(state, events), events


def play_turn(state: State, cards: Sequence[int]) -> tuple[State, list[Event]]:
    """Seat i chooses cards[i], in seat order; returns the state after and every event of the turn."""
    events: list[Event] = []
    for seat, card in enumerate(cards):
        state, emitted = act(state, seat, PlayCard(card=card))
        events += emitted
    return state, events


def of_type(events: Sequence[Any], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def encoded(value: Any) -> bytes:
    return msgspec.msgpack.encode(value)


def refused(state: State, seat: int, command: Command) -> str:
    """Decide a command that must be refused; check nothing moved and return the code."""
    before = encoded(state)
    with pytest.raises(RuleViolation) as refusal:
        decide(state, seat, command)
    assert encoded(state) == before
    return refusal.value.code
