"""Barbu as a Decider: the object the platform plugs in."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.games.barbu import bots, decide, evolve, legal, views
from domain.games.barbu.cards import DECK, hand_size
from domain.games.barbu.commands import Command
from domain.games.barbu.contracts import CONTRACTS
from domain.games.barbu.events import EVENT_TYPES, Event
from domain.games.barbu.options import Options, check
from domain.games.barbu.state import State
from domain.kernel.context import Shuffler
from domain.kernel.ranking import lowest
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import Viewer


class Barbu:
    name = "barbu"
    title = "Le Barbu"
    min_players = 3
    max_players = 6
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
        return lowest(state.totals)

    def catalog(self) -> dict[str, Any]:
        return {
            "cards": list(DECK),
            "contracts": list(CONTRACTS),
            "hand_sizes": {str(n): hand_size(n) for n in range(self.min_players, self.max_players + 1)},
            "removed_face_up": {str(n): len(DECK) % n for n in range(self.min_players, self.max_players + 1)},
        }

    def bot_move(self, state: State, seat: int, level: str, draws: Draws) -> Command:
        return bots.bot_move(state, seat, level, draws)


RULES = Barbu()
