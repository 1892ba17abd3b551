"""6 qui prend's rulebook as the platform plugs it in: each part of the Decider imported from the rule module that
holds it, and what is the game's own (`domain/kernel/game.py`, `assemble`, makes the record of it)."""

from __future__ import annotations

from typing import Any

from domain.games.six_nimmt.bots import smart as smart
from domain.games.six_nimmt.cards import heads
from domain.games.six_nimmt.commands import Command as Command
from domain.games.six_nimmt.dealing import start as start
from domain.games.six_nimmt.decide import decide as decide
from domain.games.six_nimmt.events import EVENT_TYPES as EVENT_TYPES
from domain.games.six_nimmt.events import Event as Event
from domain.games.six_nimmt.evolve import evolve as evolve
from domain.games.six_nimmt.evolve import initial_state as initial_state
from domain.games.six_nimmt.legal import awaiting as awaiting
from domain.games.six_nimmt.legal import legal_moves as legal_moves
from domain.games.six_nimmt.options import Options as Options
from domain.games.six_nimmt.options import check as check
from domain.games.six_nimmt.state import RULES as RULES
from domain.games.six_nimmt.state import RULES_VERSIONS as RULES_VERSIONS
from domain.games.six_nimmt.state import State as State
from domain.games.six_nimmt.views import View as View
from domain.games.six_nimmt.views import redact as redact
from domain.games.six_nimmt.views import view as view
from domain.kernel.ranking import lowest

NAME = "six-nimmt"
TITLE = "6 qui prend"
PLAYERS = (2, 10)


def winners(state: State) -> list[int]:
    return lowest(state.totals)


def catalog() -> dict[str, Any]:
    return {"cards": [{"value": v, "heads": heads(v)} for v in range(1, 105)], "total_heads": 171}
