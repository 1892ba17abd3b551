"""Barbu commands, one tagged union decoded straight from a request body."""

from __future__ import annotations

from domain.kernel.versioned import VersionedCommand


class ChooseContract(VersionedCommand, tag="choose_contract"):
    """The round's chooser, among its own contracts left."""

    contract: str


class PlayCard(VersionedCommand, tag="play_card"):
    """The seat whose turn it is: a card to the trick, or to the réussite lines."""

    card: str


class Pass(VersionedCommand, tag="pass"):
    """Réussite only: with nothing to lay, or to decline the extra play after an ace."""


Command = ChooseContract | PlayCard | Pass
