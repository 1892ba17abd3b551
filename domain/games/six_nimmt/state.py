"""Six-nimmt state, folded from events only."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.games.six_nimmt.options import Options

Phase = Literal["deal", "draft", "choose", "resolve", "choose_row", "finished"]
# The version of rules/six-nimmt.md new games are created under, and every version a recorded game may say: 1 until
# issue 17; 2 the `pro` draft of each round opens at a rotating seat (first_drafter).
RULES = 2
RULES_VERSIONS = (1, 2)


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
    rules: int = 1  # the rules version the game was created under (RULES above)


def first_drafter(state: State, round_: int) -> int:
    """`pro`: who drafts first in `round_` (1-based). From rules version 2 it rotates with the round, (r - 1) mod n;
    a game created before drafts from seat 0 every round."""
    return (round_ - 1) % state.players if state.rules >= 2 else 0
