"""Le Baron decide: validate a command, emit the facts, resolve the turn as far as it goes."""

from __future__ import annotations

from domain.games.le_baron.cards import HAND, PILE_SIZES, ROWS, canonical_order, colours_of, points_of
from domain.games.le_baron.commands import ChooseRow, Command, PlayCard
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
    TakeReason,
)
from domain.games.le_baron.evolve import evolve
from domain.games.le_baron.state import State
from domain.games.le_baron.taking import matching_rows, taking_reason
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
            play_card(rec, seat, card, shuffler)
        case ChooseRow(row=row), "choose_row":
            choose_row(rec, seat, row, shuffler)
        case ChooseRow(), _:
            raise refuse("not_asked", "nobody is asked to choose a row now")
        case _:
            raise refuse("wrong_phase", f"{type(command).__name__} is not allowed in phase {state.phase}")
    return rec.events


def deal_round(rec: Rec, shuffler: Shuffler) -> None:
    n = rec.state.players
    size = PILE_SIZES[n]
    order, shuffled = shuffler.shuffle(canonical_order())
    rec.emit(shuffled)
    dealt = size * n
    piles = [order[seat:dealt:n] for seat in range(n)]
    box = order[dealt + ROWS :]
    rec.emit(
        CardsDealt(
            round=rec.state.round + 1,
            piles=piles,
            pile_sizes=[size] * n,
            rows=order[dealt : dealt + ROWS],
            box=box,
            box_size=len(box),
        )
    )
    refill_hands(rec)


def refill_hands(rec: Rec) -> None:
    """Only an empty hand draws: 4 cards, or what is left of the pile."""
    for seat, (hand, pile) in enumerate(zip(rec.state.hands, rec.state.piles, strict=True)):
        if not hand and pile:
            drawn = pile[:HAND]
            rec.emit(HandRefilled(seat=seat, cards=drawn, count=len(drawn)))


def play_card(rec: Rec, seat: int, card: int, shuffler: Shuffler) -> None:
    # one message whether the card is in the pile, another hand or nowhere: the pile stays secret
    if card not in rec.state.hands[seat]:
        raise refuse("card_not_in_hand", f"{card} is not in your hand")
    rec.emit(CardPlayed(seat=seat, card=card))
    if everyone_chose(rec.state.chosen):
        rec.emit(CardsRevealed(turn=rec.state.turn + 1, cards=reveal_order(rec.state.chosen)))
        resolve(rec, shuffler)


def resolve(rec: Rec, shuffler: Shuffler) -> None:
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
    state = rec.state
    if seat != state.asked:
        raise refuse("not_asked", f"seat {state.asked} is asked to choose a row, not you")
    if not 0 <= row < ROWS:
        raise refuse("invalid_row", f"rows are 0 to {ROWS - 1}")
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
    resolve(rec, shuffler)


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
