"""Hand-built barbu positions, and the moves on them, for rule-by-rule tests."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from domain.games.barbu.cards import DECK
from domain.games.barbu.commands import Command
from domain.games.barbu.decide import decide
from domain.games.barbu.events import CardsDealt, ContractChosen, Event
from domain.games.barbu.evolve import evolve, initial_state
from domain.games.barbu.options import Options
from domain.games.barbu.state import State
from domain.kernel.context import Shuffler
from domain.kernel.errors import RuleViolation

SEED = bytes(range(32))


def position(
    hands: list[list[str]],
    contract: str | None = None,
    chooser: int = 0,
    removed: list[str] | None = None,
    options: Options | None = None,
    **fields: Any,
) -> State:
    """Dealt `hands` (the rest of the deck removed unless `removed` says otherwise), the contract chosen."""
    players = len(hands)
    held = {c for h in hands for c in h}
    leftover = [c for c in DECK if c not in held] if removed is None else removed
    state = initial_state(players, options or Options())
    state = evolve(
        state,
        CardsDealt(round=1, chooser=chooser, hands=hands, removed=leftover, hand_sizes=[len(h) for h in hands]),
    )
    if contract is not None:
        state = evolve(state, ContractChosen(round=1, seat=chooser, contract=contract))
    return replace(state, **fields) if fields else state


def act(state: State, seat: int, command: Command) -> tuple[list[Event], State]:
    events = decide(state, seat, command, Shuffler(SEED, 0))
    for event in events:
        state = evolve(state, event)
    return events, state


def refused(state: State, seat: int, command: Command, code: str) -> None:
    """The command is refused with `code`, and the state is left exactly as it was."""
    before = msgspec.msgpack.encode(state)
    with pytest.raises(RuleViolation) as caught:
        decide(state, seat, command, Shuffler(SEED, 0))
    assert caught.value.code == code
    assert msgspec.msgpack.encode(state) == before


def types(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]
