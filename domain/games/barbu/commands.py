"""Barbu commands, one tagged union decoded straight from a request body."""

from __future__ import annotations

import msgspec


class ChooseContract(msgspec.Struct, frozen=True, tag="choose_contract", tag_field="type", forbid_unknown_fields=True):
    contract: str


class PlayCard(msgspec.Struct, frozen=True, tag="play_card", tag_field="type", forbid_unknown_fields=True):
    card: str


class Pass(msgspec.Struct, frozen=True, tag="pass", tag_field="type", forbid_unknown_fields=True):
    pass


Command = ChooseContract | PlayCard | Pass
