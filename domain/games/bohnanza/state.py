"""Bohnanza state, folded from events only."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.games.bohnanza.options import Options

Phase = Literal["deal", "plant", "trade", "plant_pending", "finished"]


class Field(msgspec.Struct, frozen=True):
    bean: str
    count: int


class Trade(msgspec.Struct, frozen=True):
    """An open proposal; its indices always point at the cards as they lie now."""

    trade_id: int
    seat: int
    to: int | None
    give_hand: list[int]
    give_face_up: list[int]
    give: list[str]
    want: dict[str, int]


class State(msgspec.Struct):
    players: int
    options: Options
    phase: Phase = "deal"
    active: int = 0
    planted: int = 0  # cards planted from the hand this turn
    deck: list[str] = []  # front = index 0
    discard: list[str] = []  # oldest first
    hands: list[list[str]] = []  # front first: a queue, never reordered
    fields: list[list[Field | None]] = []
    face_up: list[str] = []
    pending: list[list[str]] = []  # received or kept cards still to plant
    gold: list[list[str]] = []  # each card is a coin; the top is the end
    exhaustions: int = 0
    trades: list[Trade] = []
    next_trade_id: int = 1
    turn_first_trade_id: int = 1  # proposals made this turn are numbered from here
    third_fields: int = 0  # bought so far, at most THIRD_FIELDS
    winners: list[int] = []

    @property
    def ending(self) -> bool:
        """The 3rd exhaustion has happened: the game ends at the rule's end point of this turn."""
        return self.exhaustions >= 3

    def coins(self) -> list[int]:
        return [len(g) for g in self.gold]
