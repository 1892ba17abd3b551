"""Six-nimmt legal moves per seat, and who the game waits for: the `pro` draft, else the secret choice."""

from __future__ import annotations

from domain.games.six_nimmt.cards import ROWS
from domain.games.six_nimmt.commands import Command, DraftCard
from domain.games.six_nimmt.state import State
from domain.kernel import secret_choice


def legal_moves(state: State, seat: int) -> list[Command]:
    if state.phase == "draft":
        return [DraftCard(card=c) for c in state.pool] if seat == state.drafter else []
    # a seat asked for a row may take any of the four (`list` widens the moves to the game's commands)
    return list(secret_choice.legal_moves(state, seat, range(ROWS)))


def awaiting(state: State) -> list[int]:
    return [state.drafter] if state.phase == "draft" else secret_choice.awaiting(state)
