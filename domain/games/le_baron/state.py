"""Le Baron state, folded from events only."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.games.le_baron.events import AskReason
from domain.games.le_baron.options import Options

Phase = Literal["deal", "choose", "resolve", "choose_row", "finished"]


class State(msgspec.Struct):
    """The table between two commands: the piles and hands, the rows, the secret choices, what each seat took."""

    players: int
    options: Options
    piles: list[list[int]] = []  # front = top
    phase: Phase = "deal"
    round: int = 0
    turn: int = 0
    hands: list[list[int]] = []
    rows: list[list[int]] = []
    box: list[int] = []  # cards left out of the round
    chosen: list[int | None] = []
    pending: list[tuple[int, int]] = []  # revealed (seat, card) still to resolve, ascending
    asked: int | None = None
    choices: list[int] = []  # the rows offered to `asked`
    ask_reason: AskReason | None = None
    taken: list[list[int]] = []  # per seat, this round
    totals: list[int] = []  # running: earlier rounds plus what was taken this round
