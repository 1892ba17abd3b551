"""Le Barbu's rulebook as the platform plugs it in: each part of the Decider imported from the rule module that
holds it, and what is the game's own (`domain/kernel/game.py`, `assemble`, makes the record of it)."""

from __future__ import annotations

from typing import Any

from domain.games.barbu.bots import smart as smart
from domain.games.barbu.cards import DECK, hand_size
from domain.games.barbu.commands import Command as Command
from domain.games.barbu.contracts import CONTRACTS
from domain.games.barbu.decide import decide as decide
from domain.games.barbu.events import EVENT_TYPES as EVENT_TYPES
from domain.games.barbu.events import Event as Event
from domain.games.barbu.evolve import evolve as evolve
from domain.games.barbu.evolve import initial_state as initial_state
from domain.games.barbu.legal import awaiting as awaiting
from domain.games.barbu.legal import legal_moves as legal_moves
from domain.games.barbu.options import Options as Options
from domain.games.barbu.options import check as check
from domain.games.barbu.rounds import start as start
from domain.games.barbu.state import RULES as RULES
from domain.games.barbu.state import RULES_VERSIONS as RULES_VERSIONS
from domain.games.barbu.state import State as State
from domain.games.barbu.views import View as View
from domain.games.barbu.views import redact as redact
from domain.games.barbu.views import view as view
from domain.kernel.ranking import lowest

NAME = "barbu"
TITLE = "Le Barbu"
PLAYERS = (3, 6)


def winners(state: State) -> list[int]:
    return lowest(state.totals)


def catalog() -> dict[str, Any]:
    return {
        "cards": list(DECK),
        "contracts": list(CONTRACTS),
        "hand_sizes": {str(n): hand_size(n) for n in range(3, 6 + 1)},
        "removed_face_up": {str(n): len(DECK) % n for n in range(3, 6 + 1)},
    }
