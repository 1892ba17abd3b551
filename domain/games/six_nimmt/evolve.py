"""Six-nimmt evolve: apply one fact, return a new state, never fail."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.six_nimmt.events import (
    CardChosen,
    CardDrafted,
    CardPlaced,
    CardsDealt,
    CardsRevealed,
    DraftOpened,
    Event,
    RoundEnded,
    RowChoiceRequested,
    RowsStarted,
    RowTaken,
)
from domain.games.six_nimmt.options import Options
from domain.games.six_nimmt.state import State
from domain.kernel.events import DeckShuffled
from domain.kernel.rows import rows_started, with_card_placed, with_cards_added, with_row_emptied
from domain.kernel.secret_choice import nobody_chose, with_choice, without_revealed


def initial_state(players: int, options: Options) -> State:
    return State(players=players, options=options, totals=[0] * players)


def _new_round(state: State, round_: int) -> State:
    n = state.players
    return replace(
        state,
        round=round_,
        turn=0,
        chosen=nobody_chose(n),
        pending=[],
        asked=None,
        penalties=[[] for _ in range(n)],
    )


def evolve(state: State, event: Event) -> State:
    match event:
        case DeckShuffled(order=order):
            return replace(state, deck=[int(c) for c in order])
        case CardsDealt(round=round_, hands=dealt, rows=starters):
            state = _new_round(state, round_)
            return replace(
                state, hands=[sorted(h) for h in dealt], rows=rows_started(starters), deck=[], phase="choose"
            )
        case DraftOpened(round=round_, pool=pool):
            state = _new_round(state, round_)
            return replace(
                state, pool=list(pool), hands=[[] for _ in range(state.players)], rows=[], drafter=0, phase="draft"
            )
        case CardDrafted(seat=seat, card=card):
            hands = list(state.hands)
            hands[seat] = sorted([*hands[seat], card])
            pool = [c for c in state.pool if c != card]
            return replace(state, hands=hands, pool=pool, drafter=(seat + 1) % state.players)
        case RowsStarted(rows=starters):
            return replace(state, rows=rows_started(starters), pool=[], phase="choose")
        case CardChosen(seat=seat, card=card):
            return replace(state, chosen=with_choice(state.chosen, seat, card))
        case CardsRevealed(turn=turn, cards=cards):
            return replace(
                state,
                hands=without_revealed(state.hands, state.chosen),
                chosen=nobody_chose(state.players),
                pending=[(s, c) for s, c in cards],
                turn=turn,
                phase="resolve",
            )
        case RowChoiceRequested(seat=seat):
            return replace(state, asked=seat, phase="choose_row")
        case RowTaken(seat=seat, row=row, cards=taken):
            return replace(
                state, rows=with_row_emptied(state.rows, row), penalties=with_cards_added(state.penalties, seat, taken)
            )
        case CardPlaced(card=card, row=row):
            pending = state.pending[1:]
            return replace(
                state,
                rows=with_card_placed(state.rows, row, card),
                pending=pending,
                asked=None,
                phase="resolve" if pending else "choose",
            )
        case RoundEnded(totals=totals, last=last):
            return replace(state, totals=list(totals), phase="finished" if last else "deal")
    return state
