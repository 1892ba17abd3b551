"""Open proposals' bookkeeping, shared by trading and evolve: which cards a trade moves, what it makes stale.

Proposals name cards by their current positions; when a trade executes, the positions of the other
proposals shift, and a proposal that names a card that has just left is stale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec
from msgspec.structs import replace

from domain.games.bohnanza.state import Trade


class Taken(msgspec.Struct, frozen=True):
    """The positions an executed trade takes away: per seat in the hands, and among the turned-up cards."""

    hands: Mapping[int, Sequence[int]]
    face_up: Sequence[int]


def taken_by(trade: Trade, accepter: int, give_hand: Sequence[int], give_face_up: Sequence[int]) -> Taken:
    # only the active player gives turned-up cards, and one side of a trade at most is the active player
    return Taken(hands={trade.seat: trade.give_hand, accepter: give_hand}, face_up=trade.give_face_up or give_face_up)


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


def after_trade(other: Trade, taken: Taken) -> Trade | None:
    """`other` with its positions updated after an executed trade, or None if it became stale."""
    give_hand = remap(other.give_hand, taken.hands.get(other.seat, ()))
    give_face_up = remap(other.give_face_up, taken.face_up)
    if give_hand is None or give_face_up is None:
        return None
    if give_hand is other.give_hand and give_face_up is other.give_face_up:
        return other
    return replace(other, give_hand=give_hand, give_face_up=give_face_up)


def others_after(trades: Sequence[Trade], executed: Trade, taken: Taken) -> list[tuple[Trade, Trade | None]]:
    """Each other open proposal beside what it becomes once `executed` is done (None: it is stale)."""
    return [(t, after_trade(t, taken)) for t in trades if t.trade_id != executed.trade_id]


def find(trades: Sequence[Trade], trade_id: int) -> Trade | None:
    return next((t for t in trades if t.trade_id == trade_id), None)
