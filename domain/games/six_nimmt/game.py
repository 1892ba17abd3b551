"""Six-nimmt as a Decider: the object the platform plugs in."""

from __future__ import annotations

from typing import Any

from domain.games.six_nimmt import bots, decide, evolve, legal, views
from domain.games.six_nimmt.cards import heads
from domain.games.six_nimmt.commands import Command
from domain.games.six_nimmt.events import EVENT_TYPES, Event
from domain.games.six_nimmt.options import Options, check
from domain.games.six_nimmt.state import State
from domain.kernel.game import Game
from domain.kernel.ranking import lowest
from domain.kernel.viewer import Viewer


def redact(state: State, event: Event, viewer: Viewer) -> Event:
    # in the pro variant every hand is public
    return views.redact(event, viewer, pro=state.options.pro)


def winners(state: State) -> list[int]:
    return lowest(state.totals)


def catalog() -> dict[str, Any]:
    return {"cards": [{"value": v, "heads": heads(v)} for v in range(1, 105)], "total_heads": 171}


GAME: Game[State, Command, Event, Options] = Game(
    name="six-nimmt",
    title="6 qui prend",
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
    redact_in_state=redact,
    legal_moves=legal.legal_moves,
    awaiting=legal.awaiting,
    winners=winners,
    catalog=catalog,
    smart=bots.smart,
)
