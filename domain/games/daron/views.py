"""What each viewer may see of a daron game, and of each event."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.games.daron.cards import value
from domain.games.daron.events import CardsDealt, CardsDrawn, Event
from domain.games.daron.state import State
from domain.kernel.viewer import Viewer


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    own = viewer.seat
    duel, brawl = state.duel, state.brawl
    return {
        "hand": list(state.hands[own]) if own is not None and state.hands else [],
        "hand_sizes": [len(h) for h in state.hands],
        "hands": state.hands if viewer.sees_all else None,
        "top": value(state.discard[-1]) if state.discard else None,
        "discard_size": len(state.discard),
        "draw_size": len(state.draw_pile),
        "duel_pile": state.duel_pile,
        "brawl_size": len(state.brawl_pile),
        "direction": state.direction,
        "to_act": state.to_act,
        "phase": state.phase,
        "duel": (
            {"attacker": duel.attacker, "defender": duel.defender, "amount": duel.amount, "to_answer": duel.to_answer}
            if duel is not None
            else None
        ),
        "brawl": (
            {"count": brawl.count, "to_answer": brawl.to_answer, "initiator": brawl.initiator}
            if brawl is not None
            else None
        ),
        "round": state.round,
        "scores": state.totals,
    }


def redact(event: Event, viewer: Viewer) -> Event:
    match event:
        case CardsDealt(hands=hands) if not viewer.sees_all:
            return replace(event, hands=[h if viewer.can_see(s) else [] for s, h in enumerate(hands)])
        case CardsDrawn(seat=seat) if not viewer.can_see(seat):
            return replace(event, cards=[])
    return event
