"""Le Jeu du Daron's rulebook as the platform plugs it in: each part of the Decider imported from the rule module that
holds it, and what is the game's own (`domain/kernel/game.py`, `assemble`, makes the record of it)."""

from __future__ import annotations

from typing import Any

from domain.games.daron.bots import smart as smart
from domain.games.daron.cards import COMPOSITION, DECK_SIZE, points
from domain.games.daron.commands import Command as Command
from domain.games.daron.decide import decide as decide
from domain.games.daron.events import EVENT_TYPES as EVENT_TYPES
from domain.games.daron.events import Event as Event
from domain.games.daron.evolve import evolve as evolve
from domain.games.daron.evolve import initial_state as initial_state
from domain.games.daron.legal import awaiting as awaiting
from domain.games.daron.legal import legal_moves as legal_moves
from domain.games.daron.options import Options as Options
from domain.games.daron.rounds import start as start
from domain.games.daron.state import RULES as RULES
from domain.games.daron.state import RULES_VERSIONS as RULES_VERSIONS
from domain.games.daron.state import State as State
from domain.games.daron.state import rules_of as rules_of
from domain.games.daron.views import View as View
from domain.games.daron.views import redact as redact
from domain.games.daron.views import view as view
from domain.kernel.ranking import highest

NAME = "daron"
TITLE = "Le Jeu du Daron"
PLAYERS = (2, 8)


def winners(state: State) -> list[int]:
    return highest(state.totals)


def catalog() -> dict[str, Any]:
    return {
        "cards": [{"code": code, "count": count, "points": points(code)} for code, count in COMPOSITION],
        "deck_size": DECK_SIZE,
    }
