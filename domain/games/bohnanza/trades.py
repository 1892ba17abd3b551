"""Trade bookkeeping shared by decide and evolve: which cards a trade moves, and what it makes stale.

Proposals name cards by their current positions; when a trade executes, the positions of the other
proposals shift, and a proposal that names a card that has just left is stale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.games.bohnanza.state import Trade


def without(items: Sequence[str], indices: Sequence[int]) -> list[str]:
    gone = set(indices)
    return [c for i, c in enumerate(items) if i not in gone]


def picked(items: Sequence[str], indices: Sequence[int]) -> list[str]:
    return [items[i] for i in indices]


def remap(indices: list[int], removed: Sequence[int]) -> list[int] | None:
    """The same cards after `removed` left the list, or None when one of them left."""
    if not removed:
        return indices
    gone = set(removed)
    if gone.intersection(indices):
        return None
    return [i - sum(1 for r in removed if r < i) for i in indices]


def after_trade(
    other: Trade, removed_hands: Mapping[int, Sequence[int]], removed_face_up: Sequence[int]
) -> Trade | None:
    """`other` with its positions updated after an executed trade, or None if it became stale."""
    give_hand = remap(other.give_hand, removed_hands.get(other.seat, ()))
    give_face_up = remap(other.give_face_up, removed_face_up)
    if give_hand is None or give_face_up is None:
        return None
    if give_hand is other.give_hand and give_face_up is other.give_face_up:
        return other
    return Trade(
        trade_id=other.trade_id,
        seat=other.seat,
        to=other.to,
        give_hand=give_hand,
        give_face_up=give_face_up,
        give=other.give,
        want=other.want,
    )


def find(trades: Sequence[Trade], trade_id: int) -> Trade | None:
    return next((t for t in trades if t.trade_id == trade_id), None)
