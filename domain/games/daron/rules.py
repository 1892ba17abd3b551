"""Daron as a Decider: the object the platform plugs in."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.games.daron import bots, decide, evolve, legal, views
from domain.games.daron.cards import COMPOSITION, DECK_SIZE, points
from domain.games.daron.commands import Command
from domain.games.daron.events import EVENT_TYPES, Event
from domain.games.daron.options import Options, check
from domain.games.daron.state import State
from domain.kernel.context import Shuffler
from domain.kernel.ranking import highest
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import Viewer


class Daron:
    name = "daron"
    title = "Le Jeu du Daron"
    min_players = 2
    max_players = 8
    options_type = Options
    state_type = State
    command_type: Any = Command
    event_types: tuple[type[msgspec.Struct], ...] = EVENT_TYPES

    def check_options(self, players: int, options: Options) -> None:
        check(players, options)

    def initial_state(self, players: int, options: Options) -> State:
        return evolve.initial_state(players, options)

    def start(self, state: State, shuffler: Shuffler) -> list[Event]:
        return decide.start(state, shuffler)

    def decide(self, state: State, seat: int, command: Command, shuffler: Shuffler) -> list[Event]:
        return decide.decide(state, seat, command, shuffler)

    def evolve(self, state: State, event: Event) -> State:
        return evolve.evolve(state, event)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return views.view(state, viewer)

    def redact(self, state: State, event: Event, viewer: Viewer) -> Event:
        return views.redact(event, viewer)

    def legal_moves(self, state: State, seat: int) -> list[Command]:
        return legal.legal_moves(state, seat)

    def awaiting(self, state: State) -> list[int]:
        return legal.awaiting(state)

    def is_over(self, state: State) -> bool:
        return state.phase == "finished"

    def scores(self, state: State) -> list[int]:
        return list(state.totals)

    def winners(self, state: State) -> list[int]:
        return highest(state.totals)

    def catalog(self) -> dict[str, Any]:
        return {
            "cards": [{"code": code, "count": count, "points": points(code)} for code, count in COMPOSITION],
            "deck_size": DECK_SIZE,
        }

    def bot_move(self, state: State, seat: int, level: str, draws: Draws) -> Command:
        return bots.bot_move(state, seat, level, draws)


RULES = Daron()
