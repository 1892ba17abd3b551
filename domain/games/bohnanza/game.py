"""Bohnanza's rulebook as the platform plugs it in: each part of the Decider imported from the rule module that
holds it, and what is the game's own (`domain/kernel/game.py`, `assemble`, makes the record of it)."""

from __future__ import annotations

from typing import Any

from domain.games.bohnanza.bots import bot_reaction as bot_reaction
from domain.games.bohnanza.bots import random_move as random_move
from domain.games.bohnanza.bots import smart as smart
from domain.games.bohnanza.cards import BASE_BEANS, COUNTS, EXTENDED_BEANS, METERS
from domain.games.bohnanza.commands import Command as Command
from domain.games.bohnanza.decide import decide as decide
from domain.games.bohnanza.decide import start as start
from domain.games.bohnanza.end import winners as winners
from domain.games.bohnanza.events import EVENT_TYPES as EVENT_TYPES
from domain.games.bohnanza.events import Event as Event
from domain.games.bohnanza.evolve import evolve as evolve
from domain.games.bohnanza.evolve import initial_state as initial_state
from domain.games.bohnanza.legal import awaiting as awaiting
from domain.games.bohnanza.legal import legal_moves as legal_moves
from domain.games.bohnanza.options import Options as Options
from domain.games.bohnanza.options import check as check
from domain.games.bohnanza.state import State as State
from domain.games.bohnanza.views import View as View
from domain.games.bohnanza.views import redact as redact
from domain.games.bohnanza.views import view as view

NAME = "bohnanza"
TITLE = "Bohnanza"
PLAYERS = (3, 7)
# The version of rules/bohnanza.md new games are created under, and every version a recorded game may say. Its rules
# never changed: 1 is every game recorded before rules versions, 2 every game since (the version was one for all games
# then); a change of its rules makes it 3 and branches on it in the state (docs/adding-a-game.md, "Rules versions").
RULES = 2
RULES_VERSIONS = (1, 2)


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
