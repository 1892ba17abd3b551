"""Barbu decide: validate a command and emit the facts: the contract, trick play, réussite, to the round's end."""

from __future__ import annotations

from domain.games.barbu.commands import ChooseContract, Command, Pass, PlayCard
from domain.games.barbu.contracts import REUSSITE
from domain.games.barbu.events import CardPlayed, ContractChosen, Event, ExtraPlayOffered, Passed, TrickWon, WentOut
from domain.games.barbu.evolve import Rec, evolve
from domain.games.barbu.reussite import fits, grants_extra_play, jammed, playable_in_reussite
from domain.games.barbu.rounds import score_round
from domain.games.barbu.scoring import REUSSITE_PRIZES, trick_points
from domain.games.barbu.state import State
from domain.games.barbu.tricks import led_suit, trick_fault, trick_round_over, trick_winner
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse
from domain.kernel.recorder import Recorder


def decide(state: State, seat: int, command: Command, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)
    match command, state.phase:
        case ChooseContract(contract=contract), "choose_contract":
            choose_contract(rec, seat, contract, shuffler)
        case PlayCard(card=card), "play" if state.contract == REUSSITE:
            lay_card(rec, seat, card, shuffler)
        case PlayCard(card=card), "play":
            play_to_trick(rec, seat, card, shuffler)
        case Pass(), "play" if state.contract == REUSSITE:
            pass_turn(rec, seat, shuffler)
        case Pass(), "play":
            raise refuse("pass_not_allowed", "passing exists only in réussite; play a card")
        case _:
            raise refuse("wrong_phase", f"{type(command).__name__} is not allowed in phase {state.phase}")
    return rec.events


def check_turn(state: State, seat: int) -> None:
    if seat != state.turn:
        raise refuse("not_your_turn", f"seat {state.turn} plays now")


def check_in_hand(state: State, seat: int, card: str) -> None:
    if card not in state.hands[seat]:
        raise refuse("card_not_in_hand", f"you do not hold {card!r}")


def choose_contract(rec: Rec, seat: int, contract: str, shuffler: Shuffler) -> None:
    state = rec.state
    if seat != state.chooser:
        raise refuse("not_your_turn", f"seat {state.chooser} chooses the contract of this round")
    if contract not in state.options.in_play:
        raise refuse(
            "contract_not_in_play", f"{contract!r} is not a contract of this game", {"in_play": state.options.in_play}
        )
    if contract not in state.contracts_left[seat]:
        raise refuse(
            "contract_already_chosen", f"you have already chosen {contract}", {"left": state.contracts_left[seat]}
        )
    rec.emit(ContractChosen(round=state.round, seat=seat, contract=contract))
    if contract != REUSSITE:
        # the scoring cards may all lie among the removed ones: then the round is over before it starts
        end_trick_round_if_over(rec, shuffler)


def play_to_trick(rec: Rec, seat: int, card: str, shuffler: Shuffler) -> None:
    state = rec.state
    check_turn(state, seat)
    check_in_hand(state, seat, card)
    match trick_fault(state, state.hands[seat], card):
        case "must_follow_suit":
            raise refuse("must_follow_suit", f"you hold {led_suit(state)} and must follow suit")
        case "hearts_banned":
            raise refuse("hearts_banned", "no heart in the first trick of this contract while you hold another suit")
    rec.emit(CardPlayed(seat=seat, card=card))
    if len(rec.state.trick) == rec.state.players:
        win_trick(rec)
        end_trick_round_if_over(rec, shuffler)


def win_trick(rec: Rec) -> None:
    state = rec.state
    winner = trick_winner(state.trick)
    cards = [c for _, c in state.trick]
    last = not any(state.hands)
    points = trick_points(state.contract or "", cards, last)
    rec.emit(TrickWon(seat=winner, trick=state.tricks_played + 1, cards=cards, points=points))


def end_trick_round_if_over(rec: Rec, shuffler: Shuffler) -> None:
    reason = trick_round_over(rec.state)
    if reason is not None:
        score_round(rec, reason, shuffler)


def lay_card(rec: Rec, seat: int, card: str, shuffler: Shuffler) -> None:
    state = rec.state
    check_turn(state, seat)
    check_in_hand(state, seat, card)
    if not fits(state, card):
        raise refuse("card_does_not_fit", f"{card} extends no line and does not open a suit at the opening rank")
    rec.emit(CardPlayed(seat=seat, card=card))
    if not rec.state.hands[seat]:
        go_out(rec, seat, shuffler)
    elif grants_extra_play(card):
        rec.emit(ExtraPlayOffered(seat=seat))


def go_out(rec: Rec, seat: int, shuffler: Shuffler) -> None:
    place = len(rec.state.out) + 1
    rec.emit(WentOut(seat=seat, place=place, points=REUSSITE_PRIZES[place - 1]))
    if place == len(REUSSITE_PRIZES):
        score_round(rec, "two_out", shuffler)


def pass_turn(rec: Rec, seat: int, shuffler: Shuffler) -> None:
    state = rec.state
    check_turn(state, seat)
    if not state.extra_play and playable_in_reussite(state, seat):
        raise refuse("must_play", "you can lay a card, so you must", {"playable": playable_in_reussite(state, seat)})
    rec.emit(Passed(seat=seat))
    if jammed(rec.state):
        score_round(rec, "jam", shuffler)
