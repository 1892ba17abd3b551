"""Le Baron legal moves per seat: the secret choice's, the asked seat answering with one of the rows offered.

Who the game waits for is the secret choice's alone (`secret_choice.awaiting`).
"""

from __future__ import annotations

from domain.games.le_baron.commands import Command
from domain.games.le_baron.state import State
from domain.kernel import secret_choice


def legal_moves(state: State, seat: int) -> list[Command]:
    return secret_choice.legal_moves(state, seat, state.choices)
