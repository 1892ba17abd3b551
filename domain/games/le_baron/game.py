"""Le Baron as a Decider: the object the platform plugs in."""

from __future__ import annotations

from typing import Any

from domain.games.le_baron import bots, decide, evolve, legal, views
from domain.games.le_baron.cards import BARONS, COLOURS, PILE_SIZES, SYMBOLS, TOTAL_SYMBOLS, points
from domain.games.le_baron.commands import Command
from domain.games.le_baron.events import EVENT_TYPES, Event
from domain.games.le_baron.options import Options, check
from domain.games.le_baron.state import State
from domain.kernel.game import Game
from domain.kernel.ranking import highest, lowest


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


GAME: Game[State, Command, Event, Options] = Game(
    name="le-baron",
    title="Le Baron",
    min_players=2,
    max_players=10,
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
    winners=winners,
    catalog=catalog,
    smart=bots.smart,
)
