"""Six-nimmt commands, one tagged union decoded straight from a request body.

`play_card` and `choose_row` are the secret choice's, the same as le-baron's (domain/kernel/secret_choice.py).
"""

from __future__ import annotations

import msgspec

from domain.kernel.secret_choice import ChooseRow, PlayCard

__all__ = ["ChooseRow", "Command", "DraftCard", "PlayCard"]


class DraftCard(msgspec.Struct, frozen=True, tag="draft_card", tag_field="type", forbid_unknown_fields=True):
    card: int


Command = PlayCard | ChooseRow | DraftCard
