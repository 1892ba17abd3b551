"""Brawls: Daron cards laid around the table until someone accepts and draws 2-2-2-1-1...; the boomerang."""

from __future__ import annotations

from domain.games.daron.cards import DARON
from domain.games.daron.drawing import draw_cards
from domain.games.daron.events import BrawlJoined, BrawlLost, BrawlStarted, TurnStarted
from domain.games.daron.evolve import Rec
from domain.games.daron.one_card import check_laying, draw_if_one_left, may_lay
from domain.games.daron.state import BrawlInPlay, State, next_seat
from domain.games.daron.turns import must_act
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse


def brawl_draw(total: int) -> int:
    """Two cards per Daron card for the first three, one per card beyond."""
    return 2 * min(total, 3) + max(0, total - 3)


def brawl_counts(state: State, seat: int) -> list[int]:
    """How many Daron cards `seat` may lay to open or join a brawl."""
    darons = state.hands[seat].count(DARON)
    return [k for k in range(1, darons + 1) if may_lay(state, seat, k)]


def check_darons(state: State, seat: int, count: int) -> None:
    if count < 1:
        raise refuse("invalid_count", "a brawl lays at least one Daron card")
    if state.hands[seat].count(DARON) < count:
        raise refuse("card_not_in_hand", f"you do not hold {count} Daron cards")
    check_laying(state, seat, count)


def open_brawl(rec: Rec, seat: int, count: int, shuffler: Shuffler) -> None:
    must_act(rec.state, seat)
    check_darons(rec.state, seat, count)
    rec.emit(BrawlStarted(seat=seat, count=count))
    draw_if_one_left(rec, seat, shuffler)


def check_answering(brawl: BrawlInPlay, seat: int) -> None:
    if seat != brawl.to_answer:
        raise refuse("not_your_turn", f"seat {brawl.to_answer} answers the brawl")


def join_brawl(rec: Rec, seat: int, brawl: BrawlInPlay, count: int, shuffler: Shuffler) -> None:
    check_answering(brawl, seat)
    check_darons(rec.state, seat, count)
    rec.emit(BrawlJoined(seat=seat, count=count, total=brawl.count + count))
    draw_if_one_left(rec, seat, shuffler)


def lose_brawl(rec: Rec, seat: int, brawl: BrawlInPlay, shuffler: Shuffler) -> None:
    """The first to accept draws for every Daron card laid; the turn passes to the player after the initiator."""
    check_answering(brawl, seat)
    amount = brawl_draw(brawl.count)
    rec.emit(BrawlLost(seat=seat, total=brawl.count, amount=amount))
    draw_cards(rec, seat, amount, "brawl", shuffler)
    rec.emit(TurnStarted(seat=next_seat(rec.state, brawl.initiator)))
