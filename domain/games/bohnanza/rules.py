"""Bohnanza as a Decider: the object the platform plugs in."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.games.bohnanza import bots, decide, evolve, legal, views
from domain.games.bohnanza.cards import BASE_BEANS, COUNTS, EXTENDED_BEANS, METERS
from domain.games.bohnanza.commands import Command
from domain.games.bohnanza.events import EVENT_TYPES, Event
from domain.games.bohnanza.options import Options, check
from domain.games.bohnanza.state import State
from domain.kernel.context import Shuffler
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import Viewer


class Bohnanza:
    name = "bohnanza"
    title = "Bohnanza"
    min_players = 3
    max_players = 7
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
        return state.coins()

    def winners(self, state: State) -> list[int]:
        return list(state.winners) if state.winners else [decide.winner(state.coins())]

    def catalog(self) -> dict[str, Any]:
        return {
            "beans": [
                {
                    "bean": bean,
                    "cards": COUNTS[bean],
                    "meter": list(METERS[bean]),
                    "base": bean in BASE_BEANS,
                    "extended": bean in EXTENDED_BEANS,
                }
                for bean in METERS
            ],
            "options": {"extended": "6 or 7 players: no cocoa nor garden, with wax and coffee"},
        }

    def bot_move(self, state: State, seat: int, level: str, draws: Draws) -> Command:
        return bots.bot_move(state, seat, level, draws)


RULES = Bohnanza()
