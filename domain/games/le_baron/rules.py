"""Le Baron as a Decider: the object the platform plugs in."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.games.le_baron import bots, decide, evolve, legal, views
from domain.games.le_baron.cards import BARONS, COLOURS, PILE_SIZES, SYMBOLS, TOTAL_SYMBOLS, points
from domain.games.le_baron.commands import Command
from domain.games.le_baron.events import EVENT_TYPES, Event
from domain.games.le_baron.options import Options, check
from domain.games.le_baron.state import State
from domain.kernel.context import Shuffler
from domain.kernel.ranking import highest, lowest
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import Viewer


class LeBaron:
    name = "le-baron"
    title = "Le Baron"
    min_players = 2
    max_players = 10
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
        # the positive variant turns the points into good ones
        return highest(state.totals) if state.options.positive else lowest(state.totals)

    def catalog(self) -> dict[str, Any]:
        return {
            "colours": list(COLOURS),
            "cards": [
                {
                    "number": card,
                    "symbols": {c: n for c, n in zip(COLOURS, counts, strict=True) if n},
                    "points": points(card),
                    "baron": card in BARONS,
                }
                for card, counts in SYMBOLS.items()
            ],
            "total_symbols": TOTAL_SYMBOLS,
            "pile_sizes": {str(n): size for n, size in PILE_SIZES.items()},
        }

    def bot_move(self, state: State, seat: int, level: str, draws: Draws) -> Command:
        return bots.bot_move(state, seat, level, draws)


RULES = LeBaron()
