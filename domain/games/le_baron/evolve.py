"""Le Baron evolve: apply one fact, return a new state, never fail."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.le_baron.events import (
    CardPlaced,
    CardPlayed,
    CardsDealt,
    CardSlipped,
    CardsRevealed,
    Event,
    HandRefilled,
    RoundEnded,
    RowChoiceRequested,
    RowTaken,
)
from domain.games.le_baron.options import Options
from domain.games.le_baron.state import Phase, State
from domain.kernel.events import DeckShuffled
from domain.kernel.rows import rows_started, with_card_placed, with_cards_added, with_row_emptied
from domain.kernel.secret_choice import nobody_chose, with_choice, without_revealed


def initial_state(players: int, options: Options) -> State:
    return State(players=players, options=options, totals=[0] * players)


def _after_resolving(pending: list[tuple[int, int]]) -> Phase:
    # resolution never rests: once the last revealed card is settled the next choice opens
    return "resolve" if pending else "choose"


def evolve(state: State, event: Event) -> State:
    match event:
        case DeckShuffled(order=order):
            return replace(state, deck=[int(c) for c in order])
        case CardsDealt(round=round_, piles=piles, rows=starters, box=box):
            n = state.players
            return replace(
                state,
                phase="choose",
                round=round_,
                turn=0,
                deck=[],
                piles=[list(p) for p in piles],
                hands=[[] for _ in range(n)],
                rows=rows_started(starters),
                box=list(box),
                chosen=nobody_chose(n),
                pending=[],
                asked=None,
                choices=[],
                ask_reason=None,
                taken=[[] for _ in range(n)],
            )
        case HandRefilled(seat=seat, count=count):
            hands = list(state.hands)
            piles = list(state.piles)
            hands[seat] = sorted([*hands[seat], *piles[seat][:count]])
            piles[seat] = piles[seat][count:]
            return replace(state, hands=hands, piles=piles)
        case CardPlayed(seat=seat, card=card):
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
        case RowChoiceRequested(seat=seat, choices=choices, reason=reason):
            return replace(state, asked=seat, choices=list(choices), ask_reason=reason, phase="choose_row")
        case RowTaken(seat=seat, row=row, cards=cards, points=points):
            totals = list(state.totals)
            totals[seat] += points
            return replace(
                state,
                rows=with_row_emptied(state.rows, row),
                taken=with_cards_added(state.taken, seat, cards),
                totals=totals,
            )
        case CardPlaced(card=card, row=row):
            pending = state.pending[1:]
            return replace(
                state,
                rows=with_card_placed(state.rows, row, card),
                pending=pending,
                asked=None,
                choices=[],
                ask_reason=None,
                phase=_after_resolving(pending),
            )
        case CardSlipped(seat=seat, card=card):
            pending = state.pending[1:]
            piles = list(state.piles)
            piles[seat] = [*piles[seat], card]
            return replace(state, piles=piles, pending=pending, phase=_after_resolving(pending))
        case RoundEnded(totals=totals, last=last):
            return replace(state, totals=list(totals), phase="finished" if last else "deal")
    return state
