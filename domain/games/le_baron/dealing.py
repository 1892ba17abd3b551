"""The deal of a le-baron round (rules/dealing.md): one shuffle of the 110 cards into a secret pile per seat,
five row starters and the box of cards left out; then every empty hand draws from its pile."""

from __future__ import annotations

from domain.games.le_baron.cards import HAND, PILE_SIZES, ROWS, canonical_order
from domain.games.le_baron.events import CardsDealt, Event, HandRefilled
from domain.games.le_baron.evolve import Rec, evolve
from domain.games.le_baron.state import State
from domain.kernel.context import Shuffler
from domain.kernel.dealing import one_at_a_time
from domain.kernel.recorder import Recorder


def start(state: State, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)  # each event applied as it is emitted
    deal_round(rec, shuffler)
    return rec.events


def deal_round(rec: Rec, shuffler: Shuffler) -> None:
    n = rec.state.players
    size = PILE_SIZES[n]
    order, shuffled = shuffler.shuffle(canonical_order())
    rec.emit(shuffled)
    dealt = size * n
    piles = one_at_a_time(order[:dealt], n)  # the first card a seat receives is the top of its pile
    box = order[dealt + ROWS :]
    rec.emit(
        CardsDealt(
            round=rec.state.round + 1,
            piles=piles,
            pile_sizes=[size] * n,
            rows=order[dealt : dealt + ROWS],
            box=box,
            box_size=len(box),
        )
    )
    refill_hands(rec)


def refill_hands(rec: Rec) -> None:
    """Only an empty hand draws: 4 cards, or what is left of the pile."""
    for seat, (hand, pile) in enumerate(zip(rec.state.hands, rec.state.piles, strict=True)):
        if not hand and pile:
            drawn = pile[:HAND]
            rec.emit(HandRefilled(seat=seat, cards=drawn, count=len(drawn)))
