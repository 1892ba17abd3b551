"""Bot helpers shared by the games; a bot sees only what its seat may see.

A bot is never handed the game's state: the kernel (`Game.bot_move`, `Game.bot_reaction`) gives it a `Seen`, its
seat's view as the seat's client is shown it, the game's options and the seat's legal moves, all computed from the
state before the bot runs. What the seat may not see is not there to read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from domain.kernel.errors import refuse
from domain.kernel.shuffle import Draws

T = TypeVar("T")
V = TypeVar("V")
C = TypeVar("C")
Opt = TypeVar("Opt")

# "expert" searches (domain/kernel/search.py): it plays the game's smart policy forward in sampled worlds
LEVELS = ("random", "smart", "expert")
# a game's expert budget in thousandths of the default (GameCreated.bot_budget, dealing 3): bounded, so that an audit
# that makes every bot move again does a bounded amount of work whatever a file claims
BOT_BUDGETS = (1, 10_000)


@dataclass(frozen=True)
class Seen(Generic[V, C, Opt]):
    """Everything a bot decides from: what its seat may see, never the state."""

    seat: int
    view: V  # the game's `view(state, Viewer(seat=seat))`: the `state` the seat's client is shown
    options: Opt  # the game's options (public: every view of the table shows them)
    moves: list[C]  # the seat's legal moves, as `GET /legal-moves` answers that seat (empty: none now)
    # the version of the game's rules the table plays by (public: the table's view says it, `GameView.rules`), so that
    # a search imagines worlds played by the same rules
    rules: int = 1


def pick(options: Sequence[T], draws: Draws) -> T:
    if not options:
        raise refuse("no_legal_move", "there is nothing to play")
    return options[draws.draw(len(options))]


def bot_label(seat: int, version: int) -> str:
    """Bots draw from their own labels, never from the `shuffle:<k>` labels the deals use."""
    return f"bot:{seat}:{version}"


def reaction_label(seat: int, version: int) -> str:
    """A reaction draws apart from the move the same bot would make at the same version."""
    return f"bot:{seat}:{version}:reaction"
