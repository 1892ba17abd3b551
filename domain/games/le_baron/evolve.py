"""Le Baron evolve: apply one fact, return a new state, never fail."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.le_baron.events import (
    CardPlayed,
    CardsDealt,
    CardSlipped,
    Event,
    HandRefilled,
    RoundEnded,
    RowChoiceRequested,
    RowTaken,
)
from domain.games.le_baron.options import Options
from domain.games.le_baron.state import State
from domain.kernel.per_seat import with_seat
from domain.kernel.recorder import Recorder
from domain.kernel.rows import CardPlaced, rows_started, with_card_placed, with_cards_added, with_row_emptied
from domain.kernel.secret_choice import CardsRevealed, new_round, on_reveal, on_settled

Rec = Recorder[State, Event]


def initial_state(players: int, options: Options) -> State:
    return State(players=players, options=options, totals=[0] * players)


def evolve(state: State, event: Event) -> State:
    match event:
        case CardsDealt(round=round_, piles=piles, rows=starters, box=box):
            n = state.players
            return replace(
                state,
                phase="choose",
                round=round_,
                piles=[list(p) for p in piles],
                hands=[[] for _ in range(n)],
                rows=rows_started(starters),
                box=list(box),
                choices=[],
                ask_reason=None,
                taken=[[] for _ in range(n)],
                **new_round(n),
            )
        case HandRefilled(seat=seat, count=count):
            pile = state.piles[seat]
            hand = sorted([*state.hands[seat], *pile[:count]])
            return replace(
                state, hands=with_seat(state.hands, seat, hand), piles=with_seat(state.piles, seat, pile[count:])
            )
        case CardPlayed(seat=seat, card=card):
            return replace(state, chosen=with_seat(state.chosen, seat, card))
        case CardsRevealed():
            return replace(state, **on_reveal(state, event))
        case RowChoiceRequested(seat=seat, choices=choices, reason=reason):
            return replace(state, asked=seat, choices=list(choices), ask_reason=reason, phase="choose_row")
        case RowTaken(seat=seat, row=row, cards=cards, points=points):
            return replace(
                state,
                rows=with_row_emptied(state.rows, row),
                taken=with_cards_added(state.taken, seat, cards),
                totals=with_seat(state.totals, seat, state.totals[seat] + points),
            )
        case CardPlaced(card=card, row=row):
            rows = with_card_placed(state.rows, row, card)
            return replace(state, rows=rows, choices=[], ask_reason=None, **on_settled(state))
        case CardSlipped(seat=seat, card=card):
            return replace(state, piles=with_cards_added(state.piles, seat, [card]), **on_settled(state))
        case RoundEnded(totals=totals, last=last):
            return replace(state, totals=list(totals), phase="finished" if last else "deal")
    return state
