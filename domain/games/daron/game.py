"""Daron as a Decider: the object the platform plugs in."""

from __future__ import annotations

from typing import Any

from domain.games.daron import bots, decide, evolve, legal, views
from domain.games.daron.cards import COMPOSITION, DECK_SIZE, points
from domain.games.daron.commands import Command
from domain.games.daron.events import EVENT_TYPES, Event
from domain.games.daron.options import Options
from domain.games.daron.state import State
from domain.kernel.game import Game
from domain.kernel.ranking import highest


def winners(state: State) -> list[int]:
    return highest(state.totals)


def catalog() -> dict[str, Any]:
    return {
        "cards": [{"code": code, "count": count, "points": points(code)} for code, count in COMPOSITION],
        "deck_size": DECK_SIZE,
    }


GAME: Game[State, Command, Event, Options] = Game(
    name="daron",
    title="Le Jeu du Daron",
    min_players=2,
    max_players=8,
    options_type=Options,
    state_type=State,
    command_type=Command,
    event_types=EVENT_TYPES,
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
