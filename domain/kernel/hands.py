"""Hands are secret to their owners: the helpers every game's views and redaction share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from domain.kernel.viewer import Viewer

T = TypeVar("T")


def hands_seen_by(hands: Sequence[list[T]], viewer: Viewer) -> list[list[T]]:
    """Every hand as `viewer` may see it: its own (or all, once nothing is hidden), the others empty."""
    return [list(hand) if viewer.can_see(seat) else [] for seat, hand in enumerate(hands)]


def own_hand(hands: Sequence[Sequence[T]], seat: int | None) -> list[T]:
    """The hand of the viewing seat; a spectator, or a table not dealt yet, holds none."""
    if seat is None or seat >= len(hands):
        return []
    return list(hands[seat])
