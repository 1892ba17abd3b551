"""Six-nimmt legal moves per seat, and who the game waits for."""

from __future__ import annotations

from domain.games.six_nimmt.cards import ROWS
from domain.games.six_nimmt.commands import ChooseRow, Command, DraftCard, PlayCard
from domain.games.six_nimmt.state import State
from domain.kernel.secret_choice import still_choosing


def legal_moves(state: State, seat: int) -> list[Command]:
    match state.phase:
        case "choose":
            return [PlayCard(card=c) for c in state.hands[seat]]
        case "choose_row" if seat == state.asked:
            return [ChooseRow(row=r) for r in range(ROWS)]
        case "draft" if seat == state.drafter:
            return [DraftCard(card=c) for c in state.pool]
    return []


def awaiting(state: State) -> list[int]:
    match state.phase:
        case "choose":
            return still_choosing(state.chosen)
        case "choose_row":
            return [state.asked] if state.asked is not None else []
        case "draft":
            return [state.drafter]
    return []
