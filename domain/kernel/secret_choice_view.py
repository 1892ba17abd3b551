"""A secret choice as each viewer sees it: who has chosen is public, what is the chooser's alone.

The views and redaction of the row games (six-nimmt, le-baron) share these; the choice itself is
domain/kernel/secret_choice.py.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain.kernel.secret_choice import Choices
from domain.kernel.viewer import Viewer


class Revealed(msgspec.Struct, frozen=True):
    """A revealed card still to be resolved."""

    seat: int
    card: int


def revealed(pending: Iterable[tuple[int, int]]) -> list[Revealed]:
    return [Revealed(seat=seat, card=card) for seat, card in pending]


def who_chose(chosen: Choices) -> list[bool]:
    """Which seats have chosen, never what: public during the choice."""
    return [card is not None for card in chosen]


def own_choice(chosen: Choices, seat: int | None) -> int | None:
    """The viewing seat's own choice; a spectator, or a round not dealt yet, has none."""
    return chosen[seat] if seat is not None and seat < len(chosen) else None


def shown_choice(card: int | None, chooser: int, viewer: Viewer) -> int | None:
    """A secret choice is shown to its chooser only (and to everyone once the game has ended)."""
    return card if viewer.can_see(chooser) else None
