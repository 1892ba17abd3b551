"""Barbu commands, one tagged union decoded straight from a request body."""

from __future__ import annotations

import msgspec


class ChooseContract(msgspec.Struct, frozen=True, tag="choose_contract", tag_field="type", forbid_unknown_fields=True):
    """The round's chooser, among its own contracts left."""

    contract: str


class PlayCard(msgspec.Struct, frozen=True, tag="play_card", tag_field="type", forbid_unknown_fields=True):
    """The seat whose turn it is: a card to the trick, or to the réussite lines."""

    card: str


class Pass(msgspec.Struct, frozen=True, tag="pass", tag_field="type", forbid_unknown_fields=True):
    """Réussite only: with nothing to lay, or to decline the extra play after an ace."""


Command = ChooseContract | PlayCard | Pass
