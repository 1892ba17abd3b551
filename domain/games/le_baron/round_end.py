"""The end of a le-baron turn and round: refill the empty hands, or score the round and deal the next one.

The standard game's round ends when every hand and pile is empty; the `positive` variant's as soon as a seat has
played out (or, a case the seed does not foresee, when no card left can ever be placed).
"""

from __future__ import annotations

from domain.games.le_baron.cards import colours_of, points_of
from domain.games.le_baron.dealing import deal_round, refill_hands
from domain.games.le_baron.events import RoundEnded
from domain.games.le_baron.evolve import Rec
from domain.games.le_baron.state import State
from domain.kernel.context import Shuffler


def end_turn(rec: Rec, shuffler: Shuffler) -> None:
    if round_over(rec.state):
        end_round(rec, shuffler)
    else:
        refill_hands(rec)


def round_over(state: State) -> bool:
    if state.options.positive:
        return someone_played_out(state) or nothing_placeable(state)
    return not any(state.hands) and not any(state.piles)


def someone_played_out(state: State) -> bool:
    """Variant `positive`: a seat with neither hand nor pile has played its last card."""
    return any(not hand and not pile for hand, pile in zip(state.hands, state.piles, strict=True))


def nothing_placeable(state: State) -> bool:
    """Variant `positive`, a stalemate the seed does not foresee: no card left in any hand or pile
    shares a colour with any row's end, so every card would only go back under its pile for ever."""
    ends = 0
    for row in state.rows:
        ends |= colours_of(row[-1])
    return not any(colours_of(c) & ends for cards in (*state.hands, *state.piles) for c in cards)


def left_points(state: State) -> list[int]:
    """Variant `positive`: what is still in a seat's hand and pile counts against it."""
    if not state.options.positive:
        return [0] * state.players
    return [points_of(hand) + points_of(pile) for hand, pile in zip(state.hands, state.piles, strict=True)]


def end_round(rec: Rec, shuffler: Shuffler) -> None:
    state = rec.state
    left = left_points(state)
    last = state.round >= state.options.rounds
    rec.emit(
        RoundEnded(
            round=state.round,
            taken=[points_of(t) for t in state.taken],
            left=left,
            totals=[t - lp for t, lp in zip(state.totals, left, strict=True)],
            last=last,
        )
    )
    if not last:
        deal_round(rec, shuffler)
