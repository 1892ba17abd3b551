"""Bohnanza state, folded from events only."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.games.bohnanza.events import Event, TradeProposed
from domain.games.bohnanza.options import Options
from domain.kernel.recorder import Recorder

ENDING_EXHAUSTION = 3  # the deck's 3rd exhaustion ends the game

Phase = Literal["deal", "plant", "trade", "plant_pending", "finished"]

# An open proposal is kept as it was proposed, except that its positions (`give_hand`, `give_face_up`)
# follow its cards as other trades take cards away (trades.after_trade): they always point at the cards
# as they lie now.
Trade = TradeProposed


class Field(msgspec.Struct, frozen=True):
    """A planted field: `count` cards of one bean (an empty field is null)."""

    bean: str
    count: int


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
    winners: list[int] = []  # as `GameFinished` names them

    @property
    def ending(self) -> bool:
        """The 3rd exhaustion has happened: the game ends at the rule's end point of this turn."""
        return self.exhaustions >= ENDING_EXHAUSTION

    def coins(self) -> list[int]:
        return [len(g) for g in self.gold]


# What a rule emits into: each event is applied at once, so the rule's later checks see its effect.
Rec = Recorder[State, Event]
