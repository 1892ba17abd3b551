"""Drawing: from the front of the draw pile, then from the discard pile but its top, reshuffled."""

from __future__ import annotations

from domain.games.daron.events import CardsDrawn, DrawReason
from domain.games.daron.evolve import Rec
from domain.games.daron.state import State
from domain.kernel.context import Shuffler


def drawable(state: State) -> int:
    """Cards a player could still draw: the pile, plus the discard but its top once reshuffled."""
    return len(state.draw_pile) + max(0, len(state.discard) - 1)


def draw_cards(rec: Rec, seat: int, count: int, reason: DrawReason, shuffler: Shuffler) -> int:
    """Draw up to `count`, reshuffling the discard (but its top) when the pile runs out; how many were drawn."""
    drawn = 0
    while drawn < count:
        if not rec.state.draw_pile:
            if len(rec.state.discard) <= 1:
                break
            _, shuffled = shuffler.shuffle(rec.state.discard[:-1])
            rec.emit(shuffled)
        take = min(count - drawn, len(rec.state.draw_pile))
        rec.emit(CardsDrawn(seat=seat, count=take, cards=rec.state.draw_pile[:take], reason=reason))
        drawn += take
    return drawn
