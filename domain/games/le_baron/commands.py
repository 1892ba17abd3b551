"""Le Baron commands, one tagged union decoded straight from a request body."""

from __future__ import annotations

import msgspec


class PlayCard(msgspec.Struct, frozen=True, tag="play_card", tag_field="type", forbid_unknown_fields=True):
    card: int


class ChooseRow(msgspec.Struct, frozen=True, tag="choose_row", tag_field="type", forbid_unknown_fields=True):
    row: int


Command = PlayCard | ChooseRow
