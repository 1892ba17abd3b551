"""Six-nimmt commands, one tagged union decoded straight from a request body.

`play_card` and `choose_row` are the secret choice's, the same as le-baron's (domain/kernel/secret_choice.py).
"""

from __future__ import annotations

from domain.kernel.secret_choice import ChooseRow, PlayCard
from domain.kernel.versioned import VersionedCommand

__all__ = ["ChooseRow", "Command", "DraftCard", "PlayCard"]


class DraftCard(VersionedCommand, tag="draft_card"):
    card: int


Command = PlayCard | ChooseRow | DraftCard
