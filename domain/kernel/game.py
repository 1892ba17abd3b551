"""A game as a Decider: a record of pure functions, plus what the catalogue says of it.

* `decide` validates a command against a state and returns the facts that follow (or raises
  `RuleViolation`); it never mutates.
* `evolve` applies one fact and returns a *new* state; it never fails and never decides.
* Everything hidden is filtered by `view` and `redact` for a `Viewer`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import msgspec

from domain.kernel.context import Shuffler
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import Viewer

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")
Opt = TypeVar("Opt", bound=msgspec.Struct)


@dataclass(frozen=True)
class Game(Generic[S, C, E, Opt]):
    name: str
    title: str
    min_players: int
    max_players: int
    options_type: type[Opt]
    state_type: type[S]
    command_type: Any  # the tagged union of the game's commands
    event_types: tuple[type[msgspec.Struct], ...]  # the game's own event structs (not lifecycle)
    check_options: Callable[[int, Opt], None]
    initial_state: Callable[[int, Opt], S]
    start: Callable[[S, Shuffler], list[E]]
    decide: Callable[[S, int, C, Shuffler], list[E]]
    evolve: Callable[[S, E], S]
    view: Callable[[S, Viewer], dict[str, Any]]
    redact: Callable[[S, E, Viewer], E]
    legal_moves: Callable[[S, int], list[C]]
    awaiting: Callable[[S], list[int]]
    is_over: Callable[[S], bool]
    scores: Callable[[S], list[int]]
    winners: Callable[[S], list[int]]
    catalog: Callable[[], dict[str, Any]]
    bot_move: Callable[[S, int, str, Draws], C]
    # A bot's move while the game waits for humans only, or None to stay silent: answering an open offer,
    # proposing to a human. It must change the state or be None, and stay None for a state it saw already.
    bot_reaction: Callable[[S, int, str, Draws], C | None] = lambda *_: None


AnyGame = Game[Any, Any, Any, Any]


class Phased(Protocol):
    @property
    def phase(self) -> str: ...


class Totalled(Protocol):
    @property
    def totals(self) -> list[int]: ...


def finished(state: Phased) -> bool:
    return state.phase == "finished"


def totals(state: Totalled) -> list[int]:
    return list(state.totals)


def redact_without_state(redact: Callable[[E, Viewer], E]) -> Callable[[Any, E, Viewer], E]:
    """For games whose redaction depends on the event and the viewer only."""

    def redact_event(_: Any, event: E, viewer: Viewer) -> E:
        return redact(event, viewer)

    return redact_event
