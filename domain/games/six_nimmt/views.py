"""What each viewer may see of a six-nimmt game, and of each event."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.games.six_nimmt.events import CardChosen, CardsDealt, Event
from domain.games.six_nimmt.state import State
from domain.kernel.secret_choice import shown_choice
from domain.kernel.viewer import Viewer

PUBLIC_PHASES = {"resolve": "choose"}  # resolution never rests; clients see the phase it returns to


def turn_in_play(state: State) -> int:
    """The turn as rules/six-nimmt.md numbers it (1..10): `state.turn` counts reveals, so while the
    seats are still choosing (or drafting) the turn in play is the next one."""
    return state.turn + 1 if state.phase in ("draft", "choose") else state.turn


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    hands_public = state.options.pro or viewer.sees_all
    own = viewer.seat
    return {
        "rows": state.rows,
        "hand": state.hands[own] if own is not None and state.hands else [],
        "hands": state.hands if hands_public else None,
        "hand_sizes": [len(h) for h in state.hands],
        "chosen": [c is not None for c in state.chosen],
        "my_choice": state.chosen[own] if own is not None and state.chosen else None,
        "revealed": [{"seat": s, "card": c} for s, c in state.pending],
        "asked": state.asked,
        "pool": state.pool,
        "drafter": state.drafter if state.phase == "draft" else None,
        "penalties": state.penalties,
        "totals": state.totals,
        "round": state.round,
        "turn": turn_in_play(state),
        "phase": PUBLIC_PHASES.get(state.phase, state.phase),
    }


def redact(event: Event, viewer: Viewer, pro: bool) -> Event:
    match event:
        case CardChosen(seat=seat, card=card) if card is not None:
            return replace(event, card=shown_choice(card, seat, viewer))
        case CardsDealt(hands=hands) if not (pro or viewer.sees_all):
            return replace(event, hands=[h if viewer.can_see(s) else [] for s, h in enumerate(hands)])
    return event
