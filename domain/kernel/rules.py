"""The Decider protocol every game implements, plus its catalogue entry."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

import msgspec

from domain.kernel.context import Shuffler
from domain.kernel.events import DeckShuffled
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import Viewer

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")
Opt = TypeVar("Opt", bound=msgspec.Struct)


class GameRules(Protocol[S, C, E, Opt]):
    """One game as a Decider.

    * `decide` validates a command against a state and returns the facts that follow (or raises
      `RuleViolation`); it never mutates.
    * `evolve` applies one fact and returns a *new* state; it never fails and never decides.
    * Everything hidden is filtered by `view` and `redact` for a `Viewer`.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    options_type: type[Opt]
    state_type: type[S]
    command_type: Any  # the tagged union of the game's commands
    event_types: tuple[type[msgspec.Struct], ...]  # the game's own event structs (not lifecycle)

    def check_options(self, players: int, options: Opt) -> None: ...

    def initial_state(self, players: int, options: Opt) -> S: ...

    def start(self, state: S, shuffler: Shuffler) -> list[E | DeckShuffled]: ...

    def decide(self, state: S, seat: int, command: C, shuffler: Shuffler) -> list[E | DeckShuffled]: ...

    def evolve(self, state: S, event: E | DeckShuffled) -> S: ...

    def view(self, state: S, viewer: Viewer) -> dict[str, Any]: ...

    def redact(self, state: S, event: E, viewer: Viewer) -> E: ...

    def legal_moves(self, state: S, seat: int) -> list[C]: ...

    def awaiting(self, state: S) -> list[int]: ...

    def is_over(self, state: S) -> bool: ...

    def scores(self, state: S) -> list[int]: ...

    def winners(self, state: S) -> list[int]: ...

    def catalog(self) -> dict[str, Any]: ...

    def bot_move(self, state: S, seat: int, level: str, draws: Draws) -> C: ...


AnyRules = GameRules[Any, Any, Any, Any]
