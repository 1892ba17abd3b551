"""Le Baron's rulebook as the platform plugs it in: each part of the Decider imported from the rule module that
holds it, and what is the game's own (`domain/kernel/game.py`, `assemble`, makes the record of it)."""

from __future__ import annotations

from typing import Any

from domain.games.le_baron.bots import smart as smart
from domain.games.le_baron.cards import BARONS, COLOURS, PILE_SIZES, SYMBOLS, TOTAL_SYMBOLS, points
from domain.games.le_baron.commands import Command as Command
from domain.games.le_baron.dealing import start as start
from domain.games.le_baron.decide import decide as decide
from domain.games.le_baron.events import EVENT_TYPES as EVENT_TYPES
from domain.games.le_baron.events import Event as Event
from domain.games.le_baron.evolve import evolve as evolve
from domain.games.le_baron.evolve import initial_state as initial_state
from domain.games.le_baron.legal import legal_moves as legal_moves
from domain.games.le_baron.options import Options as Options
from domain.games.le_baron.options import check as check
from domain.games.le_baron.state import State as State
from domain.games.le_baron.views import View as View
from domain.games.le_baron.views import redact as redact
from domain.games.le_baron.views import view as view
from domain.kernel.ranking import highest, lowest
from domain.kernel.secret_choice import awaiting as awaiting

NAME = "le-baron"
TITLE = "Le Baron"
PLAYERS = (2, 10)
# The version of rules/le-baron.md new games are created under, and every version a recorded game may say. Its rules
# never changed: 1 is every game recorded before rules versions, 2 every game since (the version was one for all games
# then); a change of its rules makes it 3 and branches on it in the state (docs/adding-a-game.md, "Rules versions").
RULES = 2
RULES_VERSIONS = (1, 2)


def winners(state: State) -> list[int]:
    # the positive variant turns the points into good ones
    return highest(state.totals) if state.options.positive else lowest(state.totals)


def catalog() -> dict[str, Any]:
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
