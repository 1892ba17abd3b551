"""The `pro` variant's draft: 10n+4 cards laid out face up, drafted one at a time in seat order from the round's
first drafter (seat (r - 1) mod n in round r; seat 0 in every round of a game created before rules version 2);
the four left start the rows, ascending."""

from __future__ import annotations

from domain.games.six_nimmt.cards import ROWS, deck
from domain.games.six_nimmt.events import CardDrafted, DraftOpened, RowsStarted
from domain.games.six_nimmt.evolve import Rec
from domain.games.six_nimmt.state import first_drafter
from domain.kernel.errors import refuse


def open_draft(rec: Rec) -> None:
    round_ = rec.state.round + 1
    pool = deck(rec.state.players, full=False)
    rec.emit(DraftOpened(round=round_, pool=pool, first=first_drafter(rec.state, round_)))


def draft_card(rec: Rec, seat: int, card: int) -> None:
    state = rec.state
    if seat != state.drafter:
        raise refuse("not_your_turn", f"seat {state.drafter} drafts now")
    if card not in state.pool:
        raise refuse("card_not_available", f"{card} is not in the draft pool")
    rec.emit(CardDrafted(seat=seat, card=card))
    if len(rec.state.pool) == ROWS:
        rec.emit(RowsStarted(rows=sorted(rec.state.pool)))
