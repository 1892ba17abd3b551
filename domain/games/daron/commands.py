"""Daron commands, one tagged union decoded straight from a request body."""

from __future__ import annotations

import msgspec


class Deposit(msgspec.Struct, frozen=True, tag="deposit", tag_field="type", forbid_unknown_fields=True):
    """The player to act, as the action or after a draw: number cards near the top, or led by an operator or joker."""

    cards: list[str]  # in the order they are laid; the last becomes the top


class Draw(msgspec.Struct, frozen=True, tag="draw", tag_field="type", forbid_unknown_fields=True):
    """The player to act, as the action; then a deposit or a pass."""


class Pass(msgspec.Struct, frozen=True, tag="pass", tag_field="type", forbid_unknown_fields=True):
    """After a draw only."""


class Duel(msgspec.Struct, frozen=True, tag="duel", tag_field="type", forbid_unknown_fields=True):
    """The player to act attacks the next player in the direction with a +2 to +5 (never x2)."""

    card: str


class Riposte(msgspec.Struct, frozen=True, tag="riposte", tag_field="type", forbid_unknown_fields=True):
    """The player answering a duel: a +k with k above the amount (it becomes k), or x2 (doubles it)."""

    card: str


class Brawl(msgspec.Struct, frozen=True, tag="brawl", tag_field="type", forbid_unknown_fields=True):
    """The player to act opens a brawl, or the one answering joins it: lays `count` Daron cards."""

    count: int


class Accept(msgspec.Struct, frozen=True, tag="accept", tag_field="type", forbid_unknown_fields=True):
    """The one answering a duel or a brawl gives in: draws what it is worth, and it ends."""


Command = Deposit | Draw | Pass | Duel | Riposte | Brawl | Accept
