"""The player to act: a deposit, a draw, a pass after the draw, and the turn that follows."""

from __future__ import annotations

from domain.games.daron.cards import JOKERS, REVERSERS, holds, value
from domain.games.daron.deposits import check_deposit
from domain.games.daron.drawing import draw_cards
from domain.games.daron.drawn_card import lays_drawn_card
from domain.games.daron.events import CardsDeposited, CardsDrawn, DirectionReversed, Passed, TurnStarted
from domain.games.daron.evolve import Rec
from domain.games.daron.one_card import draw_if_one_left
from domain.games.daron.rounds import end_round
from domain.games.daron.state import State, joker_after_draw, next_seat, top_value
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse


def must_act(state: State, seat: int) -> None:
    if seat != state.to_act:
        raise refuse("not_your_turn", f"seat {state.to_act} is to act")


def deposit(rec: Rec, seat: int, cards: list[str], shuffler: Shuffler) -> None:
    state = rec.state
    must_act(state, seat)
    if not holds(state.hands[seat], cards):
        raise refuse("card_not_in_hand", f"you do not hold all of {cards}")
    if state.stage == "drawn" and cards and cards[0] in JOKERS and not joker_after_draw(state):
        raise refuse("joker_not_first", "a joker is only the very first card of a turn, never after a draw")
    check_deposit(top_value(state), cards)
    if not lays_drawn_card(state, cards):
        found = f"you drew {state.drawn}" if state.drawn is not None else "your draw found no card"
        raise refuse(
            "must_lay_drawn_card", f"after a draw a deposit lays the card drawn: {found}", {"drawn": state.drawn}
        )
    rec.emit(CardsDeposited(seat=seat, cards=list(cards), top=value(cards[-1])))
    if not rec.state.hands[seat]:
        # every legal deposit ends on a number card, so laying the whole hand goes out
        end_round(rec, seat, shuffler)
        return
    draw_if_one_left(rec, seat, shuffler)
    if REVERSERS.intersection(cards):
        replay(rec, seat)
    else:
        rec.emit(TurnStarted(seat=next_seat(rec.state, seat)))


def replay(rec: Rec, seat: int) -> None:
    """A 1 or a 9 reverses the direction (not with two players) and the same player goes again."""
    if rec.state.players > 2:
        rec.emit(DirectionReversed(seat=seat, direction=-rec.state.direction))
    rec.emit(TurnStarted(seat=seat, extra=True))


def draw(rec: Rec, seat: int, shuffler: Shuffler) -> None:
    must_act(rec.state, seat)
    if draw_cards(rec, seat, 1, "draw", shuffler) == 0:
        rec.emit(CardsDrawn(seat=seat, count=0, cards=[], reason="draw"))


def pass_turn(rec: Rec, seat: int, shuffler: Shuffler) -> None:
    """After a draw; once every player in a row has drawn nothing and passed, the round is blocked."""
    must_act(rec.state, seat)
    rec.emit(Passed(seat=seat))
    if rec.state.idle >= rec.state.players:
        end_round(rec, None, shuffler)
    else:
        rec.emit(TurnStarted(seat=next_seat(rec.state, seat)))
