"""Barbu state, folded from events only."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.games.barbu.options import Options

Phase = Literal["deal", "choose_contract", "play", "finished"]
# The version of rules/barbu.md new games are created under, and every version a recorded game may say: 1 until
# issue 17; 2 `king_of_hearts` ends once KH is won, whatever `early_end` says (tricks.ends_early).
RULES = 2
RULES_VERSIONS = (1, 2)


class State(msgspec.Struct):
    players: int
    options: Options
    phase: Phase = "deal"
    round: int = 0  # 1-based once dealt
    chooser: int = 0  # chooses the contract and leads; the next seat in the next round
    contract: str | None = None  # None until the chooser names it
    contracts_left: list[list[str]] = []  # per seat, in the rulebook's order
    hands: list[list[str]] = []  # each in canonical order
    removed: list[str] = []
    turn: int = 0
    totals: list[int] = []
    round_points: list[int] = []
    # trick play
    trick: list[tuple[int, str]] = []  # (seat, card), the lead first
    tricks_played: int = 0
    tricks_won: list[int] = []
    last_trick: list[tuple[int, str]] = []
    # réussite
    opening: int | None = None  # the opening rank, from the chooser's first card
    lines: dict[str, tuple[int, int]] = {}  # suit -> (low, high) ranks laid down
    extra_play: bool = False  # the seat to play has just played an ace
    passes: int = 0  # passes in a row since the last card laid down
    out: list[int] = []  # seats that have emptied their hands, in order
    rules: int = 1  # the rules version the game was created under (RULES above)
