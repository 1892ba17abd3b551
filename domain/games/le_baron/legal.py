"""Le Baron legal moves per seat, and who the game waits for."""

from __future__ import annotations

from domain.games.le_baron.commands import ChooseRow, Command, PlayCard
from domain.games.le_baron.state import State
from domain.kernel.secret_choice import still_choosing


def legal_moves(state: State, seat: int) -> list[Command]:
    match state.phase:
        case "choose":
            # a seat that has chosen may still change its mind until everyone has chosen
            return [PlayCard(card=c) for c in state.hands[seat]]
        case "choose_row" if seat == state.asked:
            return [ChooseRow(row=r) for r in state.choices]
    return []


def awaiting(state: State) -> list[int]:
    match state.phase:
        case "choose":
            return still_choosing(state.chosen)
        case "choose_row":
            return [state.asked] if state.asked is not None else []
    return []
