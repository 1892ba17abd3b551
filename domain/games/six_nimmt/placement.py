"""Where a revealed six-nimmt card goes: after the row end closest below it; as a row's sixth card it takes
the five before it; lower than every row end, its player takes a row of their choice and the card starts it.

Cards are placed lowest first, each seeing the rows the earlier ones left.
"""

from __future__ import annotations

from typing import Literal

from domain.games.six_nimmt.cards import ROW_LIMIT, ROWS, heads_of
from domain.games.six_nimmt.events import RowChoiceRequested, RowTaken
from domain.games.six_nimmt.evolve import Rec
from domain.games.six_nimmt.round_end import end_round
from domain.kernel.context import Shuffler
from domain.kernel.rows import CardPlaced
from domain.kernel.secret_choice import check_asked

ASKED_TO = "take a row"  # what the seat of a card too low is asked, in the refusals


def row_for(rows: list[list[int]], card: int) -> int | None:
    """The row whose last card is the highest value below `card`, or None if the card is too low."""
    best: int | None = None
    for i, row in enumerate(rows):
        if row[-1] < card and (best is None or row[-1] > rows[best][-1]):
            best = i
    return best


def take_row(rec: Rec, seat: int, row: int, reason: Literal["sixth_card", "too_low"]) -> None:
    cards = rec.state.rows[row]
    rec.emit(RowTaken(seat=seat, row=row, cards=cards, heads=heads_of(cards), reason=reason))


def place_revealed(rec: Rec, shuffler: Shuffler) -> None:
    """Place the revealed cards until one is too low for every row (its player is asked), or all are placed;
    the round ends with the last card in hand."""
    while rec.state.pending:
        seat, card = rec.state.pending[0]
        row = row_for(rec.state.rows, card)
        if row is None:
            rec.emit(RowChoiceRequested(seat=seat, card=card))
            return
        if len(rec.state.rows[row]) == ROW_LIMIT:
            take_row(rec, seat, row, "sixth_card")
        rec.emit(CardPlaced(seat=seat, card=card, row=row))
    if not any(rec.state.hands):
        end_round(rec, shuffler)


def take_chosen_row(rec: Rec, seat: int, row: int, shuffler: Shuffler) -> None:
    """The asked seat takes the row it names (any row, the costliest too); its card starts that row."""
    check_asked(rec.state, seat, row, ROWS, ASKED_TO)
    _, card = rec.state.pending[0]
    take_row(rec, seat, row, "too_low")
    rec.emit(CardPlaced(seat=seat, card=card, row=row))
    place_revealed(rec, shuffler)
