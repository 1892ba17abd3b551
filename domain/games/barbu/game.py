"""Barbu as a Decider: the object the platform plugs in."""

from __future__ import annotations

from typing import Any

from domain.games.barbu import bots, decide, evolve, legal, views
from domain.games.barbu.cards import DECK, hand_size
from domain.games.barbu.commands import Command
from domain.games.barbu.contracts import CONTRACTS
from domain.games.barbu.events import EVENT_TYPES, Event
from domain.games.barbu.options import Options, check
from domain.games.barbu.state import State
from domain.kernel.game import Game
from domain.kernel.ranking import lowest


def winners(state: State) -> list[int]:
    return lowest(state.totals)


def catalog() -> dict[str, Any]:
    return {
        "cards": list(DECK),
        "contracts": list(CONTRACTS),
        "hand_sizes": {str(n): hand_size(n) for n in range(3, 6 + 1)},
        "removed_face_up": {str(n): len(DECK) % n for n in range(3, 6 + 1)},
    }


GAME: Game[State, Command, Event, Options] = Game(
    name="barbu",
    title="Le Barbu",
    min_players=3,
    max_players=6,
    options_type=Options,
    state_type=State,
    command_type=Command,
    event_types=EVENT_TYPES,
    check_options=check,
    initial_state=evolve.initial_state,
    start=decide.start,
    decide=decide.decide,
    evolve=evolve.evolve,
    view=views.view,
    redact_event=views.redact,
    legal_moves=legal.legal_moves,
    awaiting=legal.awaiting,
    winners=winners,
    catalog=catalog,
    smart=bots.smart,
)
