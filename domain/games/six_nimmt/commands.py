"""Six-nimmt commands, one tagged union decoded straight from a request body.

`play_card` and `choose_row` are the secret choice's, the same as le-baron's (domain/kernel/secret_choice.py).
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.games.six_nimmt.cards import deck_size
from domain.kernel.secret_choice import ChooseRow, PlayCard
from domain.kernel.versioned import VersionedCommand

__all__ = ["ChooseRow", "Command", "DraftCard", "PlayCard"]

# a card of the full deck, 1..104 (400 `invalid_command` outside; within, the rules answer `card_not_available`...)
Card = Annotated[int, msgspec.Meta(ge=1, le=deck_size(10, full=True))]


class DraftCard(VersionedCommand, tag="draft_card"):
    card: Card


Command = PlayCard | ChooseRow | DraftCard
