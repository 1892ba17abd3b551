"""Six-nimmt evolve: apply one fact, return a new state, never fail."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.six_nimmt.events import (
    CardChosen,
    CardDrafted,
    CardsDealt,
    DraftOpened,
    Event,
    RoundEnded,
    RowChoiceRequested,
    RowsStarted,
    RowTaken,
)
from domain.games.six_nimmt.options import Options
from domain.games.six_nimmt.state import RULES, State
from domain.kernel.per_seat import with_seat
from domain.kernel.recorder import Recorder
from domain.kernel.rows import CardPlaced, rows_started, with_card_placed, with_cards_added, with_row_emptied
from domain.kernel.secret_choice import CardsRevealed, new_round, on_reveal, on_settled

Rec = Recorder[State, Event]


def initial_state(players: int, options: Options, rules: int = RULES) -> State:
    return State(players=players, options=options, totals=[0] * players, rules=rules)


def recorder(state: State) -> Rec:
    """Decide by recording: each event is applied as it is emitted, so the next rule sees its effect."""
    return Recorder(state, evolve)


def _new_round(state: State, round_: int) -> State:
    n = state.players
    return replace(state, round=round_, penalties=[[] for _ in range(n)], **new_round(n))


def evolve(state: State, event: Event) -> State:
    match event:
        case CardsDealt(round=round_, hands=dealt, rows=starters):
            state = _new_round(state, round_)
            return replace(state, hands=[sorted(h) for h in dealt], rows=rows_started(starters), phase="choose")
        case DraftOpened(round=round_, pool=pool, first=first):
            state = _new_round(state, round_)
            return replace(
                state, pool=list(pool), hands=[[] for _ in range(state.players)], rows=[], drafter=first, phase="draft"
            )
        case CardDrafted(seat=seat, card=card):
            hand = sorted([*state.hands[seat], card])
            pool = [c for c in state.pool if c != card]
            return replace(
                state, hands=with_seat(state.hands, seat, hand), pool=pool, drafter=(seat + 1) % state.players
            )
        case RowsStarted(rows=starters):
            return replace(state, rows=rows_started(starters), pool=[], phase="choose")
        case CardChosen(seat=seat, card=card):
            return replace(state, chosen=with_seat(state.chosen, seat, card))
        case CardsRevealed():
            return replace(state, **on_reveal(state, event))
        case RowChoiceRequested(seat=seat):
            return replace(state, asked=seat, phase="choose_row")
        case RowTaken(seat=seat, row=row, cards=taken):
            return replace(
                state, rows=with_row_emptied(state.rows, row), penalties=with_cards_added(state.penalties, seat, taken)
            )
        case CardPlaced(card=card, row=row):
            return replace(state, rows=with_card_placed(state.rows, row, card), **on_settled(state))
        case RoundEnded(totals=totals, last=last):
            return replace(state, totals=list(totals), phase="finished" if last else "deal")
    return state
