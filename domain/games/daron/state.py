"""Daron state, folded from events only."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.games.daron.options import Options

# play: the player to act chooses an action; drawn: they drew and may deposit or pass
Phase = Literal["deal", "play", "drawn", "duel", "brawl", "finished"]


class DuelInPlay(msgspec.Struct, frozen=True):
    attacker: int
    defender: int
    amount: int
    to_answer: int


class BrawlInPlay(msgspec.Struct, frozen=True):
    initiator: int
    count: int  # Daron cards laid so far
    to_answer: int


class State(msgspec.Struct):
    players: int
    options: Options
    phase: Phase = "deal"
    round: int = 0
    hands: list[list[str]] = []  # each in canonical order
    draw_pile: list[str] = []  # front = next card drawn
    discard: list[str] = []  # oldest first; the last is the top, always a number card
    duel_pile: list[str] = []  # set aside for the round
    brawl_pile: list[str] = []  # set aside for the round
    direction: int = 1
    to_act: int = 0
    duel: DuelInPlay | None = None
    brawl: BrawlInPlay | None = None
    drew_nothing: bool = False  # in phase "drawn": the draw found no card
    idle: int = 0  # consecutive turns of drawing nothing and passing
    totals: list[int] = []
