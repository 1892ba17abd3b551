"""Placing the revealed le-baron cards, lowest first: where each may go and what it takes (taking.py says
which rows match and when a row is taken), and the row its player is asked for."""

from __future__ import annotations

from domain.games.le_baron.cards import ROWS, points_of
from domain.games.le_baron.events import CardSlipped, RowChoiceRequested, RowTaken, TakeReason
from domain.games.le_baron.evolve import Rec
from domain.games.le_baron.round_end import end_turn
from domain.games.le_baron.taking import matching_rows, taking_reason
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse
from domain.kernel.rows import CardPlaced
from domain.kernel.secret_choice import check_asked

ASKED_TO = "choose a row"  # what the seat of a card with no single row is asked, in the refusals


def place_revealed(rec: Rec, shuffler: Shuffler) -> None:
    """Settle the revealed cards lowest first until one needs its player's answer, or the turn is over."""
    while rec.state.pending:
        seat, card = rec.state.pending[0]
        rows = matching_rows(rec.state.rows, card)
        if not rows and rec.state.options.positive:
            rec.emit(CardSlipped(seat=seat, card=card))  # rule 3 of the positive variant: no row is taken
        elif not rows:
            rec.emit(RowChoiceRequested(seat=seat, card=card, choices=list(range(ROWS)), reason="no_match"))
            return
        elif len(rows) == 1:
            place(rec, seat, card, rows[0])
        else:
            rec.emit(RowChoiceRequested(seat=seat, card=card, choices=rows, reason="placement"))
            return
    end_turn(rec, shuffler)


def take_row(rec: Rec, seat: int, row: int, reason: TakeReason) -> None:
    cards = rec.state.rows[row]
    rec.emit(RowTaken(seat=seat, row=row, cards=cards, points=points_of(cards), reason=reason))


def place(rec: Rec, seat: int, card: int, row: int) -> None:
    """Put the card at the end of a matching row, taking the row first if rule 1 or 2 says so."""
    reason = taking_reason(rec.state.rows[row], card, rec.state.options)
    if reason is not None:
        take_row(rec, seat, row, reason)
    rec.emit(CardPlaced(seat=seat, card=card, row=row))


def choose_row(rec: Rec, seat: int, row: int, shuffler: Shuffler) -> None:
    """The asked seat names a matching row to place its card in, or (no match) the row it takes."""
    state = rec.state
    check_asked(state, seat, row, ROWS, ASKED_TO)
    if row not in state.choices:
        raise refuse(
            "row_not_matching",
            f"row {row} does not share a colour with your card; choose among {state.choices}",
            {"choices": state.choices},
        )
    _, card = state.pending[0]
    if state.ask_reason == "no_match":
        take_row(rec, seat, row, "no_match")
        rec.emit(CardPlaced(seat=seat, card=card, row=row))
    else:
        place(rec, seat, card, row)
    place_revealed(rec, shuffler)
