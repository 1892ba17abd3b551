"""Hand-built bohnanza positions and one-step helpers for the rule tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import msgspec
import pytest

from domain.games.bohnanza.commands import Command
from domain.games.bohnanza.decide import decide
from domain.games.bohnanza.evolve import evolve, initial_state
from domain.games.bohnanza.options import Options
from domain.games.bohnanza.state import Field, Phase, State
from domain.kernel.context import NoShuffles, Shuffler
from domain.kernel.errors import RuleViolation

SEED = bytes(range(32))
Slot = tuple[str, int] | None


def position(
    players: int = 3,
    *,
    extended: bool = False,
    hands: Sequence[Sequence[str]] | None = None,
    fields: Sequence[Sequence[Slot]] | None = None,
    face_up: Sequence[str] = (),
    pending: Sequence[Sequence[str]] | None = None,
    gold: Sequence[Sequence[str]] | None = None,
    deck: Sequence[str] = ("blue",) * 20,
    discard: Sequence[str] = (),
    active: int = 0,
    phase: Phase = "plant",
    planted: int = 0,
    exhaustions: int = 0,
) -> State:
    state = initial_state(players, Options(extended=extended))
    changes: dict[str, Any] = {
        "deck": list(deck),
        "discard": list(discard),
        "face_up": list(face_up),
        "active": active,
        "phase": phase,
        "planted": planted,
        "exhaustions": exhaustions,
    }
    if hands is not None:
        changes["hands"] = [list(h) for h in hands]
    if fields is not None:
        changes["fields"] = [[None if s is None else Field(bean=s[0], count=s[1]) for s in row] for row in fields]
    if pending is not None:
        changes["pending"] = [list(p) for p in pending]
    if gold is not None:
        changes["gold"] = [list(g) for g in gold]
    return msgspec.structs.replace(state, **changes)


def act(state: State, seat: int, command: Command, shuffler: Shuffler | None = None) -> tuple[list[Any], State]:
    """Decide then fold, checking that neither step touched the state it was given."""
    before = msgspec.msgpack.encode(state)
    events = decide(state, seat, command, shuffler or NoShuffles())
    assert msgspec.msgpack.encode(state) == before, "decide mutated its input"
    after = state
    for event in events:
        after = evolve(after, event)
    assert msgspec.msgpack.encode(state) == before, "evolve mutated its input"
    return events, after


def refused(state: State, seat: int, command: Command) -> str:
    """The refusal's code; the state must come out byte for byte unchanged."""
    before = msgspec.msgpack.encode(state)
    with pytest.raises(RuleViolation) as caught:
        decide(state, seat, command, NoShuffles())
    assert msgspec.msgpack.encode(state) == before
    return caught.value.code


def slots(state: State, seat: int) -> list[Slot]:
    return [None if f is None else (f.bean, f.count) for f in state.fields[seat]]


def census(state: State) -> Counter[str]:
    """Every card wherever it lies: deck, discard, hands, fields, pending, face-up, gold."""
    cards: Counter[str] = Counter(state.deck)
    cards.update(state.discard)
    cards.update(state.face_up)
    for seat in range(state.players):
        cards.update(state.hands[seat])
        cards.update(state.pending[seat])
        cards.update(state.gold[seat])
        for f in state.fields[seat]:
            if f is not None:
                cards[f.bean] += f.count
    return cards
