"""Hand-built six-nimmt positions and the decide/evolve round trip the rule tests drive them with.

Tests go through `RULES` and its events only, so a refactor of the game's private helpers leaves them green.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import pytest

from domain.games.six_nimmt import RULES
from domain.games.six_nimmt.commands import Command, PlayCard
from domain.games.six_nimmt.events import Event
from domain.games.six_nimmt.options import Options
from domain.games.six_nimmt.state import State
from domain.kernel.context import Shuffler
from domain.kernel.errors import RuleViolation

SEED = bytes(range(32))
CARD_FIELDS = ("rows", "hand", "hands", "revealed", "pool", "penalties", "my_choice")


def position(
    hands: Sequence[Sequence[int]],
    rows: Sequence[Sequence[int]],
    *,
    options: Options | None = None,
    penalties: Sequence[Sequence[int]] | None = None,
    totals: Sequence[int] | None = None,
    round_: int = 1,
    turn: int = 0,
) -> State:
    """A round in its choice phase, as if dealt: hands sorted, nobody has chosen yet."""
    n = len(hands)
    return State(
        players=n,
        options=options or Options(),
        phase="choose",
        round=round_,
        turn=turn,
        hands=[sorted(h) for h in hands],
        rows=[list(r) for r in rows],
        chosen=[None] * n,
        penalties=[list(p) for p in penalties] if penalties is not None else [[] for _ in range(n)],
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


def cards_shown(view: dict[str, Any]) -> set[int]:
    """Every card value the card-bearing fields of a view show."""
    found: set[int] = set()

    def walk(value: Any) -> None:
        if isinstance(value, bool):
            return
        if isinstance(value, int):
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    for field in CARD_FIELDS:
        if field == "revealed":
            walk([r["card"] for r in view[field]])
        else:
            walk(view[field])
    return found
