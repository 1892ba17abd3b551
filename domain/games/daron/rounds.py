"""The round: the deal and its turned-up card, and the end, won by going out or blocked; three make a game."""

from __future__ import annotations

from domain.games.daron.cards import HAND, ROUNDS, WIN_BONUS, deck, hand_points, is_number
from domain.games.daron.events import CardsDealt, Event, RoundBlocked, RoundWon
from domain.games.daron.evolve import Rec, evolve
from domain.games.daron.state import State, hands_shown_at_round_end
from domain.kernel.context import Shuffler
from domain.kernel.dealing import one_at_a_time
from domain.kernel.per_seat import with_seat
from domain.kernel.recorder import Recorder


def start(state: State, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)
    deal_round(rec, shuffler)
    return rec.events


def turn_up(pile: list[str]) -> tuple[str, list[str]]:
    """The first number card from the front, and the cards turned up before it (sent to the back).

    64 number cards and at most 56 dealt: a number card always remains.
    """
    i = next(i for i, card in enumerate(pile) if is_number(card))
    return pile[i], pile[:i]


def deal_round(rec: Rec, shuffler: Shuffler) -> None:
    """Seven each from the round's first player (seat 0 in round 1, seat 1 in round 2, ...); then a card turned up."""
    n = rec.state.players
    round_ = rec.state.round + 1
    first = (round_ - 1) % n
    order, shuffled = shuffler.shuffle(deck())
    rec.emit(shuffled)
    top, returned = turn_up(order[HAND * n :])
    hands = one_at_a_time(order[: HAND * n], n, first)
    rec.emit(CardsDealt(round=round_, first=first, hands=hands, hand_sizes=[HAND] * n, top=top, returned=returned))


def winner_points(hands: list[list[str]], winner: int) -> int:
    """The winner scores 5 plus the largest hand, in points, among the others."""
    return WIN_BONUS + max(hand_points(hand) for seat, hand in enumerate(hands) if seat != winner)


def end_round(rec: Rec, winner: int | None, shuffler: Shuffler) -> None:
    """Won by `winner`, or blocked (None): nobody else scores; the next round is dealt unless it was the third."""
    state = rec.state
    last = state.round >= ROUNDS
    # the table counts the hands in the open (a game created before rules version 2 showed none)
    shown = [list(h) for h in state.hands] if hands_shown_at_round_end(state) else []
    if winner is None:
        rec.emit(RoundBlocked(round=state.round, totals=list(state.totals), last=last, hands=shown))
    else:
        won = winner_points(state.hands, winner)
        totals = with_seat(state.totals, winner, state.totals[winner] + won)
        points = [hand_points(h) for h in state.hands]
        rec.emit(
            RoundWon(
                round=state.round, seat=winner, points=won, hand_points=points, totals=totals, last=last, hands=shown
            )
        )
    if not last:
        deal_round(rec, shuffler)
