"""Six-nimmt state, folded from events only."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.games.six_nimmt.options import Options

Phase = Literal["deal", "draft", "choose", "resolve", "choose_row", "finished"]


class State(msgspec.Struct):
    """The table between two commands: the rows, every hand, the secret choices and the penalty piles."""

    players: int
    options: Options
    phase: Phase = "deal"
    round: int = 0
    turn: int = 0
    hands: list[list[int]] = []
    rows: list[list[int]] = []
    chosen: list[int | None] = []
    pending: list[tuple[int, int]] = []  # revealed (seat, card) still to resolve, ascending
    asked: int | None = None
    pool: list[int] = []  # pro: cards left to draft
    drafter: int = 0
    penalties: list[list[int]] = []
    totals: list[int] = []
