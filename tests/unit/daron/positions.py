"""Hand-built daron positions, and helpers to play or refuse a command on them."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec
import pytest

from domain.games.daron.cards import deck
from domain.games.daron.decide import decide
from domain.games.daron.events import Event
from domain.games.daron.evolve import evolve
from domain.games.daron.options import Options
from domain.games.daron.state import RULES, BrawlInPlay, DuelInPlay, Stage, State
from domain.kernel.context import Shuffler
from domain.kernel.errors import RuleViolation

SEED = bytes(range(32))


def position(
    hands: list[list[str]],
    top: str = "5",
    *,
    under: list[str] | None = None,
    draw: list[str] | None = None,
    phase: Stage = "play",
    to_act: int = 0,
    direction: int = 1,
    duel: DuelInPlay | None = None,
    brawl: BrawlInPlay | None = None,
    round_: int = 1,
    totals: list[int] | None = None,
    idle: int = 0,
    rules: int = RULES,
    drawn: str | None = None,
) -> State:
    """A position holding all 100 cards: what is not placed goes to the draw pile, or aside when `draw` is given.

    A `duel` or `brawl` given is the phase. It is played by the current rules unless `rules` says otherwise. In the
    phase `drawn`, `drawn` is the card the draw found (held in the hand); None: it found nothing.
    """
    rest = Counter(deck())
    placed = [*(c for h in hands for c in h), *(under or []), top, *(draw or [])]
    for card in placed:
        assert rest[card] > 0, f"more {card} than the deck holds"
        rest[card] -= 1
    leftover: list[str] = []
    for card in deck():
        if rest[card]:
            rest[card] -= 1
            leftover.append(card)
    n = len(hands)
    return State(
        players=n,
        options=Options(),
        stage=duel or brawl or phase,
        round=round_,
        hands=[list(h) for h in hands],
        draw_pile=leftover if draw is None else list(draw),
        discard=[*(under or []), top],
        duel_pile=[] if draw is None else [c for c in leftover if c != "daron"],
        brawl_pile=[] if draw is None else [c for c in leftover if c == "daron"],
        direction=direction,
        to_act=to_act,
        idle=idle,
        totals=totals or [0] * n,
        rules=rules,
        drawn=drawn,
    )


def play(state: State, seat: int, command: Any, shuffles: int = 0) -> tuple[list[Event], State]:
    events = decide(state, seat, command, Shuffler(SEED, shuffles))
    after = state
    for event in events:
        after = evolve(after, event)
    return events, after


def refusal(state: State, seat: int, command: Any) -> str:
    """The code of the refusal, checking that the state is left exactly as it was."""
    before = msgspec.msgpack.encode(state)
    with pytest.raises(RuleViolation) as info:
        decide(state, seat, command, Shuffler(SEED, 0))
    assert msgspec.msgpack.encode(state) == before
    return info.value.code


def of_type(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def all_cards(state: State) -> list[str]:
    return sorted(
        [*(c for h in state.hands for c in h), *state.draw_pile, *state.discard, *state.duel_pile, *state.brawl_pile]
    )
