"""A game as a Decider: a record of pure functions, plus what the catalogue says of it.

* `decide` validates a command against a state and returns the facts that follow (or raises
  `RuleViolation`); it never mutates.
* `evolve` applies one fact and returns a *new* state; it never fails and never decides.
* Everything hidden is filtered by `view` and `redact` for a `Viewer`.

A game supplies only what is its own; the record fills the rest (as boardgame.io's game object does):
a game whose state has `phase` and `totals` needs no `is_over` nor `scores`, one without option
constraints no `check_options`, one whose events hide nothing no `redact_event`, and the bots are wired from
`legal_moves` and the game's `smart` policy.

Bots decide from their seat's view alone: `bot_move` and `bot_reaction` compute the seat's `Seen` (its view, the
options, its legal moves) from the state and hand the policy that only (domain/kernel/bots.py).

A game records the version of its own rules (`../shared/rules/<game>.md`) it was created under (`GameCreated.rules`):
each game declares its current version and every version a recorded game of it may say (`RULES`, `RULES_VERSIONS` in
its rulebook), so that one game's rule change moves no other game's version. A game whose rules changed since games
were first recorded takes the version into its state (`versioned_initial_state`) and branches on it only where a rule
changed, so that a recorded game replays and re-executes as it was played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import msgspec

from domain.kernel.bots import Seen, pick
from domain.kernel.context import Shuffler
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import Viewer

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")
Opt = TypeVar("Opt", bound=msgspec.Struct)


class Phased(Protocol):
    @property
    def phase(self) -> str: ...


class Totalled(Protocol):
    @property
    def totals(self) -> Sequence[int]: ...


class Optioned(Protocol):
    @property
    def options(self) -> Any: ...


def finished(state: Phased) -> bool:
    """The default `is_over`: the game's state has reached its `finished` phase."""
    return state.phase == "finished"


def totals(state: Totalled) -> list[int]:
    """The default `scores`: the running totals the state keeps."""
    return list(state.totals)


def state_options(state: Optioned) -> Any:
    """The default `options_of`: the options the game's state keeps."""
    return state.options


def no_option_checks(players: int, options: Any) -> None:
    """The default `check_options`: the options' types say all there is to check."""


def shown_as_is(event: E, viewer: Viewer) -> E:
    """The default `redact_event`: an event that hides nothing is shown to everyone as it is."""
    return event


def random_move(seen: Seen[Any, C, Any], draws: Draws) -> C:
    """The default `random` bot: any legal move, drawn from the bot's own label."""
    return pick(seen.moves, draws)


def silent(seen: Seen[Any, Any, Any], level: str, draws: Draws) -> None:
    """The default `react`: bots act only when the game awaits them."""
    return None


@dataclass(frozen=True)
class Game(Generic[S, C, E, Opt]):
    name: str
    title: str
    min_players: int
    max_players: int
    options_type: type[Opt]
    state_type: type[S]
    view_type: type[msgspec.Struct]  # what `view` returns: documents the game's `state` in the OpenAPI spec
    command_type: Any  # the tagged union of the game's commands
    event_types: tuple[type[msgspec.Struct], ...]  # the game's own event structs (not lifecycle)
    initial_state: Callable[[int, Opt], S]  # under the current rules (`rules_version`)
    start: Callable[[S, Shuffler], list[E]]
    decide: Callable[[S, int, C, Shuffler], list[E]]
    evolve: Callable[[S, E], S]
    view: Callable[[S, Viewer], msgspec.Struct]
    legal_moves: Callable[[S, int], list[C]]
    awaiting: Callable[[S], list[int]]
    winners: Callable[[S], list[int]]
    catalog: Callable[[], dict[str, Any]]
    # the `smart` bot: given what its seat sees, its legal moves never empty, the one it plays
    smart: Callable[[Seen[Any, C, Opt], Draws], C]
    check_options: Callable[[int, Opt], None] = no_option_checks
    # what an event hides from a viewer; `redact_in_state` instead when that depends on the state
    redact_event: Callable[[E, Viewer], E] = shown_as_is
    redact_in_state: Callable[[S, E, Viewer], E] | None = None
    is_over: Callable[[S], bool] = finished  # type: ignore[assignment]  # for states with a `phase`
    scores: Callable[[S], list[int]] = totals  # type: ignore[assignment]  # for states with `totals`
    # the `random` bot: given what its seat sees, its legal moves never empty, the one it plays
    random: Callable[[Seen[Any, C, Opt], Draws], C] = random_move
    # A bot's move while the game waits for humans only, or None to stay silent: answering an open offer,
    # proposing to a human. It must change the state or be None, and stay None for a state it saw already.
    react: Callable[[Seen[Any, C, Opt], str, Draws], C | None] = silent
    # the options a bot is handed (public), read from the state
    options_of: Callable[[S], Opt] = state_options  # type: ignore[assignment]  # for states with `options`
    # (players, options, rules version) -> the initial state, for a game whose rules changed (`rules_versions`)
    versioned_initial_state: Callable[[int, Opt, int], S] | None = None
    # the `expert` bot: given what its seat sees, its draws and the search budget (a scale of the game's default
    # counts, domain/kernel/search.py), the move it plays; a game without one plays `smart` for it
    expert: Callable[[Seen[Any, C, Opt], Draws, float], C] | None = None
    # the version of this game's rules new games are created under (GameCreated.rules), and every version a recorded
    # game of it may say: its own, never another game's (a game whose rules never changed is at 1)
    rules_version: int = 1
    rules_versions: tuple[int, ...] = (1,)
    # the version a state plays by, for a game that keeps it in its state (`versioned_initial_state`); None: the
    # game's current one
    rules_of: Callable[[S], int] | None = None

    def initial(self, players: int, options: Opt, rules: int) -> S:
        """The state a game starts from, under the rules version its table was created under."""
        if self.versioned_initial_state is not None:
            return self.versioned_initial_state(players, options, rules)
        return self.initial_state(players, options)

    def redact(self, state: S, event: E, viewer: Viewer) -> E:
        """The event as `viewer` may see it, the game running."""
        if self.redact_in_state is not None:
            return self.redact_in_state(state, event, viewer)
        return self.redact_event(event, viewer)

    def seen(self, state: S, seat: int) -> Seen[Any, C, Opt]:
        """All a bot at `seat` is handed: the seat's view, the options and the seat's legal moves, never the state."""
        return Seen(
            seat=seat,
            view=self.view(state, Viewer(seat=seat)),
            options=self.options_of(state),
            moves=self.legal_moves(state, seat),
            rules=self.rules_version if self.rules_of is None else self.rules_of(state),
        )

    def bot_move(self, state: S, seat: int, level: str, draws: Draws, budget: float = 1.0) -> C:
        """The move of a bot of `level` awaited at `seat`: its policy over what the seat sees. `budget` scales the
        `expert` level's search (1: the game's default counts); the other levels do not search."""
        if level == "random" and self.random is random_move:
            # the default random bot reads the legal moves only: the seat's view it would never read is not drawn
            # (a tenth of a random bot game's CPU); the same draw from the same moves, so the same move
            return pick(self.legal_moves(state, seat), draws)
        seen = self.seen(state, seat)
        if not seen.moves:
            return pick(seen.moves, draws)  # refuses with `no_legal_move`
        if level == "expert" and self.expert is not None:
            return self.expert(seen, draws, budget)
        policy = self.smart if level in ("smart", "expert") else self.random
        return policy(seen, draws)

    def bot_reaction(self, state: S, seat: int, level: str, draws: Draws) -> C | None:
        """A bot's move at `seat` while the game waits for people only (`react`), or None. An `expert` reacts as
        `smart` does: the search weighs the moves the game awaits, a reaction is an answer nobody awaits."""
        if self.react is silent:
            return None
        return self.react(self.seen(state, seat), "smart" if level == "expert" else level, draws)


AnyGame = Game[Any, Any, Any, Any]

Opt_contra = TypeVar("Opt_contra", contravariant=True)


class Rulebook(Protocol[S, C, E, Opt_contra]):
    """What a game's `game.py` module holds, each name imported from the rule module that defines it (or
    written there when it is the game's own, like `winners` and `catalog`). `assemble` makes the record of it."""

    @property
    def NAME(self) -> str: ...  # the game's name in the API (`six-nimmt`)
    @property
    def TITLE(self) -> str: ...
    @property
    def PLAYERS(self) -> tuple[int, int]: ...  # the fewest and the most players
    @property
    def RULES(self) -> int: ...  # the version of the game's rules new games are created under
    @property
    def RULES_VERSIONS(self) -> tuple[int, ...]: ...  # every version a recorded game of it may say
    @property
    def Options(self) -> type[msgspec.Struct]: ...
    @property
    def State(self) -> type[S]: ...
    @property
    def View(self) -> type[msgspec.Struct]: ...
    @property
    def Command(self) -> Any: ...  # the tagged union of the game's commands
    @property
    def EVENT_TYPES(self) -> tuple[type[msgspec.Struct], ...]: ...
    def initial_state(self, players: int, options: Opt_contra, /) -> S: ...
    def start(self, state: S, shuffler: Shuffler, /) -> list[E]: ...
    def decide(self, state: S, seat: int, command: C, shuffler: Shuffler, /) -> list[E]: ...
    def evolve(self, state: S, event: E, /) -> S: ...
    def view(self, state: S, viewer: Viewer, /) -> msgspec.Struct: ...
    def legal_moves(self, state: S, seat: int, /) -> list[C]: ...
    def awaiting(self, state: S, /) -> list[int]: ...
    def winners(self, state: S, /) -> list[int]: ...
    def catalog(self, /) -> dict[str, Any]: ...
    def smart(self, seen: Seen[Any, C, Any], draws: Draws, /) -> C: ...


def assemble(rules: Rulebook[S, C, E, Any]) -> Game[S, C, E, Any]:
    """The game record of a rulebook module, with the record's defaults for the rest (replace them with
    `dataclasses.replace` where the game has its own: option checks, redaction, scores, other bots)."""
    return Game(
        name=rules.NAME,
        title=rules.TITLE,
        min_players=rules.PLAYERS[0],
        max_players=rules.PLAYERS[1],
        options_type=rules.Options,
        state_type=rules.State,
        view_type=rules.View,
        command_type=rules.Command,
        event_types=rules.EVENT_TYPES,
        initial_state=rules.initial_state,
        start=rules.start,
        decide=rules.decide,
        evolve=rules.evolve,
        view=rules.view,
        legal_moves=rules.legal_moves,
        awaiting=rules.awaiting,
        winners=rules.winners,
        catalog=rules.catalog,
        smart=rules.smart,
        rules_version=rules.RULES,
        rules_versions=rules.RULES_VERSIONS,
    )
