"""Bohnanza as a Decider: the object the platform plugs in."""

from __future__ import annotations

from typing import Any

from domain.games.bohnanza import bots, decide, evolve, legal, views
from domain.games.bohnanza.cards import BASE_BEANS, COUNTS, EXTENDED_BEANS, METERS
from domain.games.bohnanza.commands import Command
from domain.games.bohnanza.events import EVENT_TYPES, Event
from domain.games.bohnanza.options import Options, check
from domain.games.bohnanza.state import State
from domain.kernel.game import Game


def winners(state: State) -> list[int]:
    return list(state.winners) if state.winners else [decide.winner(state.coins())]


def catalog() -> dict[str, Any]:
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


def scores(state: State) -> list[int]:
    return state.coins()


GAME: Game[State, Command, Event, Options] = Game(
    name="bohnanza",
    title="Bohnanza",
    min_players=3,
    max_players=7,
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
    scores=scores,
    winners=winners,
    catalog=catalog,
    smart=bots.smart,
    random=bots.random_move,
    bot_reaction=bots.bot_reaction,
)
