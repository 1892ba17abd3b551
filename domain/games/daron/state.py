"""Daron state, folded from events only.

A duel or a brawl interrupts the turn of the player to act. While it runs, its own state stands where the
phase does (`stage`), so the code that answers a duel is handed the duel and never finds it missing, and no
state holds a duel outside the duel phase.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.games.daron.cards import value
from domain.games.daron.options import Options

# play: the player to act chooses an action; drawn: they drew and may deposit or pass
# (the phases that hold nothing of their own; the duel and brawl structs are tagged to share the union with them)
Stage = Literal["deal", "play", "drawn", "finished"]
# The version of rules/daron.md new games are created under, and every version a recorded game may say (the gates
# below): 1 until issue 17; 2 a joker only first in a turn, every hand shown at a round's end; 3 the deposit after a
# draw lays the card drawn (issue 32).
RULES = 3
RULES_VERSIONS = (1, 2, 3)
Phase = Literal["deal", "play", "drawn", "duel", "brawl", "finished"]


class DuelInPlay(msgspec.Struct, frozen=True, tag="duel"):
    """The phase `duel`, from the first +k until someone accepts."""

    attacker: int
    defender: int
    amount: int  # what the one who accepts draws
    to_answer: int


class BrawlInPlay(msgspec.Struct, frozen=True, tag="brawl"):
    """The phase `brawl`, from the first Daron cards until someone accepts."""

    initiator: int
    count: int  # Daron cards laid so far
    to_answer: int


class State(msgspec.Struct):
    players: int
    options: Options
    # the phase, or the duel or brawl running; no default, so that a projection of the former shape (with
    # `phase`, `duel` and `brawl`) fails to decode instead of reading as a deal: `tapis rebuild` refolds it
    stage: Stage | DuelInPlay | BrawlInPlay
    round: int = 0
    hands: list[list[str]] = []  # each in canonical order
    draw_pile: list[str] = []  # front = next card drawn
    discard: list[str] = []  # oldest first; the last is the top, always a number card
    duel_pile: list[str] = []  # set aside for the round
    brawl_pile: list[str] = []  # set aside for the round
    direction: int = 1
    to_act: int = 0  # during a duel or brawl: the attacker or initiator, whose turn it interrupts
    drew_nothing: bool = False  # in phase "drawn": the draw found no card
    drawn: str | None = None  # in phase "drawn": the card the draw found (None when it found none)
    idle: int = 0  # consecutive turns of drawing nothing and passing
    totals: list[int] = []
    rules: int = 1  # the rules version the game was created under (RULES above): see the gates below

    @property
    def phase(self) -> Phase:
        """The phase by name, for the view, the bots and the messages: a duel or brawl running is one."""
        match self.stage:
            case DuelInPlay():
                return "duel"
            case BrawlInPlay():
                return "brawl"
            case stage:
                return stage

    @property
    def duel(self) -> DuelInPlay | None:
        return self.stage if isinstance(self.stage, DuelInPlay) else None

    @property
    def brawl(self) -> BrawlInPlay | None:
        return self.stage if isinstance(self.stage, BrawlInPlay) else None


# Where rules/daron.md changed (rules versions 2 and 3), and how a game created before plays on.


def joker_after_draw(state: State) -> bool:
    """Version 1 let a joker open the deposit made after a draw; from 2 a joker is only the first card of a turn."""
    return state.rules < 2


def hands_shown_at_round_end(state: State) -> bool:
    """From version 2 every hand is shown when a round ends (its last event, and the view until the next deal)."""
    return state.rules >= 2


def drawn_card_required(state: State) -> bool:
    """From version 3 the deposit after a draw lays the card drawn ("si la pioche est bonne, il peut alors poser");
    until then any deposit followed a draw, so a player could draw for free information and lay what it held."""
    return state.rules >= 3


def rules_of(state: State) -> int:
    """The version the game plays by (a bot is told it: `Seen.rules`)."""
    return state.rules


def next_seat(state: State, seat: int) -> int:
    """The seat after `seat` in the direction of play."""
    return (seat + state.direction) % state.players


def top_value(state: State) -> int:
    """The value of the discard pile's top card: always a number card."""
    return value(state.discard[-1])
