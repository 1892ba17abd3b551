"""The round: the deal of rules/dealing.md, and its score once it is over; then the next deal, or the end."""

from __future__ import annotations

from domain.games.barbu.cards import DECK, hand_size, in_canonical_order
from domain.games.barbu.events import CardsDealt, Event, RoundEnd, RoundScored
from domain.games.barbu.evolve import Rec, evolve
from domain.games.barbu.options import total_rounds
from domain.games.barbu.state import State
from domain.kernel.context import Shuffler
from domain.kernel.dealing import one_at_a_time
from domain.kernel.recorder import Recorder


def start(state: State, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)
    deal_round(rec, shuffler, chooser=0)
    return rec.events


def deal_round(rec: Rec, shuffler: Shuffler, chooser: int) -> None:
    """One at a time from the chooser to the left, floor(52/n) each; the leftover cards are removed face up."""
    n = rec.state.players
    order, shuffled = shuffler.shuffle(DECK)
    rec.emit(shuffled)
    dealt = hand_size(n) * n
    hands = one_at_a_time(order[:dealt], n, chooser)
    rec.emit(
        CardsDealt(
            round=rec.state.round + 1,
            chooser=chooser,
            hands=[in_canonical_order(h) for h in hands],
            removed=list(order[dealt:]),
            hand_sizes=[len(h) for h in hands],
        )
    )


def score_round(rec: Rec, reason: RoundEnd, shuffler: Shuffler) -> None:
    """The round's points join the totals; the next chooser is the seat to the left of this one."""
    state = rec.state
    totals = [t + p for t, p in zip(state.totals, state.round_points, strict=True)]
    last = state.round >= total_rounds(state.players, state.options)
    rec.emit(
        RoundScored(
            round=state.round,
            contract=state.contract or "",
            points=list(state.round_points),
            totals=totals,
            reason=reason,
            last=last,
        )
    )
    if not last:
        deal_round(rec, shuffler, chooser=(state.chooser + 1) % state.players)
