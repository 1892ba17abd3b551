"""Daron commands, one tagged union decoded straight from a request body."""

from __future__ import annotations

import msgspec


class Deposit(msgspec.Struct, frozen=True, tag="deposit", tag_field="type", forbid_unknown_fields=True):
    cards: list[str]  # in the order they are laid; the last becomes the top


class Draw(msgspec.Struct, frozen=True, tag="draw", tag_field="type", forbid_unknown_fields=True):
    pass


class Pass(msgspec.Struct, frozen=True, tag="pass", tag_field="type", forbid_unknown_fields=True):
    pass


class Duel(msgspec.Struct, frozen=True, tag="duel", tag_field="type", forbid_unknown_fields=True):
    card: str


class Riposte(msgspec.Struct, frozen=True, tag="riposte", tag_field="type", forbid_unknown_fields=True):
    card: str


class Brawl(msgspec.Struct, frozen=True, tag="brawl", tag_field="type", forbid_unknown_fields=True):
    count: int


class Accept(msgspec.Struct, frozen=True, tag="accept", tag_field="type", forbid_unknown_fields=True):
    pass


Command = Deposit | Draw | Pass | Duel | Riposte | Brawl | Accept
