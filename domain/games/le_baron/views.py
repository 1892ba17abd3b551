"""What each viewer may see of a le-baron game, and of each event."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.games.le_baron.events import CardPlayed, CardsDealt, Event, HandRefilled
from domain.games.le_baron.state import State
from domain.kernel.secret_choice import shown_choice
from domain.kernel.viewer import Viewer

PUBLIC_PHASES = {"resolve": "choose", "deal": "choose"}  # neither ever rests between two commands


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    own = viewer.seat
    return {
        "rows": state.rows,
        "hand": state.hands[own] if own is not None and state.hands else [],
        "hand_sizes": [len(h) for h in state.hands],
        "pile_sizes": [len(p) for p in state.piles],
        # a pile is secret even to its owner, so only the end of the game shows them
        "piles": state.piles if viewer.sees_all else None,
        "box_size": len(state.box),
        "chosen": [c is not None for c in state.chosen],
        "my_choice": state.chosen[own] if own is not None and state.chosen else None,
        "revealed": [{"seat": s, "card": c} for s, c in state.pending],
        "asked": state.asked,
        "ask_reason": state.ask_reason,
        "choices": state.choices,
        "taken": state.taken,
        "totals": state.totals,
        "round": state.round,
        "turn": turn_in_play(state),
        "phase": PUBLIC_PHASES.get(state.phase, state.phase),
    }


def turn_in_play(state: State) -> int:
    """The turn being played, from 1: the one being chosen, or the one being resolved."""
    return state.turn + 1 if state.phase in ("choose", "deal") else state.turn


def redact(event: Event, viewer: Viewer) -> Event:
    match event:
        case CardPlayed(seat=seat, card=card) if card is not None:
            return replace(event, card=shown_choice(card, seat, viewer))
        case CardsDealt(piles=piles) if not viewer.sees_all:
            return replace(event, piles=[[] for _ in piles], box=[])
        case HandRefilled(seat=seat) if not viewer.can_see(seat):
            return replace(event, cards=[])
    return event
