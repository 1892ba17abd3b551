"""Daron commands, one tagged union decoded straight from a request body."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.games.daron.cards import COMPOSITION, DARON, DECK_SIZE
from domain.kernel.versioned import VersionedCommand

# Every integer and list a client sends is bounded (400 `invalid_command` outside) by the 100-card deck; within the
# bounds, the rules answer with their own codes (`invalid_count`, `card_not_in_hand`...).
Cards = Annotated[list[str], msgspec.Meta(max_length=DECK_SIZE)]
DaronCount = Annotated[int, msgspec.Meta(ge=0, le=dict(COMPOSITION)[DARON])]  # the deck holds 12 Daron cards


class Deposit(VersionedCommand, tag="deposit"):
    """The player to act, as the action or after a draw: number cards near the top, or led by an operator or joker."""

    cards: Cards  # in the order they are laid; the last becomes the top


class Draw(VersionedCommand, tag="draw"):
    """The player to act, as the action; then a deposit or a pass."""


class Pass(VersionedCommand, tag="pass"):
    """After a draw only."""


class Duel(VersionedCommand, tag="duel"):
    """The player to act attacks the next player in the direction with a +2 to +5 (never x2)."""

    card: str


class Riposte(VersionedCommand, tag="riposte"):
    """The player answering a duel: a +k with k above the amount (it becomes k), or x2 (doubles it)."""

    card: str


class Brawl(VersionedCommand, tag="brawl"):
    """The player to act opens a brawl, or the one answering joins it: lays `count` Daron cards."""

    count: DaronCount


class Accept(VersionedCommand, tag="accept"):
    """The one answering a duel or a brawl gives in: draws what it is worth, and it ends."""


Command = Deposit | Draw | Pass | Duel | Riposte | Brawl | Accept
