"""Six-nimmt decide: validate a command, emit the facts, resolve the turn as far as it goes."""

from __future__ import annotations

from typing import Literal

from domain.games.six_nimmt.cards import HAND, ROW_LIMIT, ROWS, deck, heads_of
from domain.games.six_nimmt.commands import ChooseRow, Command, DraftCard, PlayCard
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
from domain.games.six_nimmt.evolve import evolve
from domain.games.six_nimmt.options import EndAfterRounds, EndAtThreshold
from domain.games.six_nimmt.state import State
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse
from domain.kernel.recorder import Recorder
from domain.kernel.secret_choice import everyone_chose, reveal_order

Rec = Recorder[State, Event]


def start(state: State, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)
    deal_round(rec, shuffler)
    return rec.events


def decide(state: State, seat: int, command: Command, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)
    match command, state.phase:
        case PlayCard(card=card), "choose":
            choose_card(rec, seat, card, shuffler)
        case DraftCard(card=card), "draft":
            draft_card(rec, seat, card)
        case ChooseRow(row=row), "choose_row":
            take_chosen_row(rec, seat, row, shuffler)
        case ChooseRow(), _:
            raise refuse("not_asked", "nobody is asked to take a row now")
        case _:
            raise refuse("wrong_phase", f"{type(command).__name__} is not allowed in phase {state.phase}")
    return rec.events


def deal_round(rec: Rec, shuffler: Shuffler) -> None:
    state = rec.state
    n = state.players
    round_ = state.round + 1
    if state.options.pro:
        rec.emit(DraftOpened(round=round_, pool=deck(n, full=False)))
        return
    order, shuffled = shuffler.shuffle(deck(n, state.options.full_deck))
    rec.emit(shuffled)
    hands = [order[seat : HAND * n : n] for seat in range(n)]
    rows = order[HAND * n : HAND * n + ROWS]
    rec.emit(CardsDealt(round=round_, hands=hands, rows=rows, hand_sizes=[HAND] * n))


def draft_card(rec: Rec, seat: int, card: int) -> None:
    state = rec.state
    if seat != state.drafter:
        raise refuse("not_your_turn", f"seat {state.drafter} drafts now")
    if card not in state.pool:
        raise refuse("card_not_available", f"{card} is not in the draft pool")
    rec.emit(CardDrafted(seat=seat, card=card))
    if len(rec.state.pool) == ROWS:
        rec.emit(RowsStarted(rows=sorted(rec.state.pool)))


def choose_card(rec: Rec, seat: int, card: int, shuffler: Shuffler) -> None:
    if card not in rec.state.hands[seat]:
        raise refuse("card_not_in_hand", f"you do not hold {card}")
    rec.emit(CardChosen(seat=seat, card=card))
    if everyone_chose(rec.state.chosen):
        rec.emit(CardsRevealed(turn=rec.state.turn + 1, cards=reveal_order(rec.state.chosen)))
        resolve(rec, shuffler)


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


def resolve(rec: Rec, shuffler: Shuffler) -> None:
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
    if seat != rec.state.asked:
        raise refuse("not_asked", f"seat {rec.state.asked} is asked to take a row, not you")
    if not 0 <= row < ROWS:
        raise refuse("invalid_row", f"rows are 0 to {ROWS - 1}")
    _, card = rec.state.pending[0]
    take_row(rec, seat, row, "too_low")
    rec.emit(CardPlaced(seat=seat, card=card, row=row))
    resolve(rec, shuffler)


def game_ends_after(state: State, totals: list[int]) -> bool:
    match state.options.end:
        case EndAtThreshold(points=points):
            return max(totals) >= points
        case EndAfterRounds(rounds=rounds):
            return state.round >= rounds
    return False


def end_round(rec: Rec, shuffler: Shuffler) -> None:
    state = rec.state
    round_heads = [heads_of(p) for p in state.penalties]
    totals = [t + h for t, h in zip(state.totals, round_heads, strict=True)]
    last = game_ends_after(state, totals)
    rec.emit(RoundEnded(round=state.round, heads=round_heads, totals=totals, last=last))
    if not last:
        deal_round(rec, shuffler)
