"""What each viewer may see of a barbu game, and of each event."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.games.barbu.cards import RANK_CODE, SUITS
from domain.games.barbu.events import CardsDealt, Event
from domain.games.barbu.options import total_rounds
from domain.games.barbu.state import State
from domain.kernel.events import DeckShuffled
from domain.kernel.viewer import Viewer

PUBLIC_PHASES = {"deal": "choose_contract"}  # a deal never rests: it happens inside the command that ends a round


def _plays(trick: list[tuple[int, str]]) -> list[dict[str, Any]]:
    return [{"seat": seat, "card": card} for seat, card in trick]


def _lines(state: State) -> dict[str, list[str]]:
    return {s: [RANK_CODE[v] for v in state.lines[s]] for s in SUITS if s in state.lines}


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    own = viewer.seat
    return {
        "hand": state.hands[own] if own is not None and state.hands else [],
        "hands": state.hands if viewer.sees_all else None,
        "hand_sizes": [len(h) for h in state.hands],
        "removed": state.removed,
        "chooser": state.chooser,
        "contract": state.contract,
        "contracts_left": state.contracts_left,
        "trick": _plays(state.trick),
        "last_trick": _plays(state.last_trick),
        "tricks_won": state.tricks_won,
        "lines": _lines(state),
        "opening_rank": RANK_CODE[state.opening] if state.opening is not None else None,
        "extra_play": state.extra_play,
        "out": state.out,
        "round_points": state.round_points,
        "totals": state.totals,
        "round": state.round,
        "rounds": total_rounds(state.players, state.options),
        "turn": state.turn if state.phase == "play" else None,
        "phase": PUBLIC_PHASES.get(state.phase, state.phase),
    }


def redact(event: Event, viewer: Viewer) -> Event:
    match event:
        case CardsDealt(hands=hands) if not viewer.sees_all:
            return replace(event, hands=[h if viewer.can_see(s) else [] for s, h in enumerate(hands)])
        case DeckShuffled() if not viewer.sees_all:
            # the order would reveal every hand; the kernel hides it too, this keeps the game safe on its own
            return replace(event, source=[], order=[])
    return event
