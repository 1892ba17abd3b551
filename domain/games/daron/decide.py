"""Daron decide: validate a command, emit the facts, run the turn to its end."""

from __future__ import annotations

from domain.games.daron.cards import (
    DARON,
    DOUBLE,
    DUEL_OPENERS,
    HAND,
    REVERSERS,
    ROUNDS,
    WIN_BONUS,
    brawl_draw,
    deck,
    hand_points,
    holds,
    is_number,
    plus,
    value,
)
from domain.games.daron.commands import Accept, Brawl, Command, Deposit, Draw, Duel, Pass, Riposte
from domain.games.daron.deposits import check_deposit
from domain.games.daron.events import (
    BrawlJoined,
    BrawlLost,
    BrawlStarted,
    CardsDealt,
    CardsDeposited,
    CardsDrawn,
    DirectionReversed,
    DrawReason,
    DuelLost,
    DuelRiposted,
    DuelStarted,
    Event,
    Passed,
    RoundBlocked,
    RoundWon,
    TurnStarted,
)
from domain.games.daron.evolve import evolve, next_seat
from domain.games.daron.hands import may_lay
from domain.games.daron.state import BrawlInPlay, DuelInPlay, State
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse
from domain.kernel.recorder import Recorder

Rec = Recorder[State, Event]


def start(state: State, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)
    deal_round(rec, shuffler)
    return rec.events


def decide(state: State, seat: int, command: Command, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)
    match command, state.phase:
        case Deposit(cards=cards), "play" | "drawn":
            deposit(rec, seat, cards, shuffler)
        case Draw(), "play":
            draw(rec, seat, shuffler)
        case Pass(), "drawn":
            pass_turn(rec, seat, shuffler)
        case Duel(card=card), "play":
            open_duel(rec, seat, card, shuffler)
        case Brawl(count=count), "play":
            open_brawl(rec, seat, count, shuffler)
        case Riposte(card=card), "duel":
            riposte(rec, seat, card, shuffler)
        case Accept(), "duel":
            lose_duel(rec, seat, shuffler)
        case Brawl(count=count), "brawl":
            join_brawl(rec, seat, count, shuffler)
        case Accept(), "brawl":
            lose_brawl(rec, seat, shuffler)
        case Draw() | Duel() | Brawl(), "drawn":
            must_act(state, seat)
            raise refuse("already_drawn", "after a draw you may only deposit or pass")
        case Pass(), "play":
            must_act(state, seat)
            raise refuse("must_draw_first", "you may pass only after drawing")
        case Riposte() | Accept(), _:
            raise refuse("not_asked", "nobody is asked to answer a duel or a brawl now")
        case _:
            raise refuse("wrong_phase", f"{type(command).__name__.lower()} is not allowed in phase {state.phase}")
    return rec.events


# --- the round -----------------------------------------------------------------------------------


def turn_up(pile: list[str]) -> tuple[str, list[str]]:
    """The first number card from the front, and the cards turned up before it (sent to the back).

    64 number cards and at most 56 dealt: a number card always remains.
    """
    i = next(i for i, card in enumerate(pile) if is_number(card))
    return pile[i], pile[:i]


def deal_round(rec: Rec, shuffler: Shuffler) -> None:
    n = rec.state.players
    round_ = rec.state.round + 1
    first = (round_ - 1) % n
    order, shuffled = shuffler.shuffle(deck())
    rec.emit(shuffled)
    top, returned = turn_up(order[HAND * n :])
    hands: list[list[str]] = [[] for _ in range(n)]
    for i, card in enumerate(order[: HAND * n]):
        hands[(first + i) % n].append(card)
    rec.emit(CardsDealt(round=round_, first=first, hands=hands, hand_sizes=[HAND] * n, top=top, returned=returned))


def top_value(state: State) -> int:
    return value(state.discard[-1])


def draw_cards(rec: Rec, seat: int, count: int, reason: DrawReason, shuffler: Shuffler) -> int:
    """Draw up to `count`, reshuffling the discard (but its top) when the pile runs out."""
    drawn = 0
    while drawn < count:
        if not rec.state.draw_pile:
            if len(rec.state.discard) <= 1:
                break
            _, shuffled = shuffler.shuffle(rec.state.discard[:-1])
            rec.emit(shuffled)
        take = min(count - drawn, len(rec.state.draw_pile))
        rec.emit(CardsDrawn(seat=seat, count=take, cards=rec.state.draw_pile[:take], reason=reason))
        drawn += take
    return drawn


def never_one_card(rec: Rec, seat: int, shuffler: Shuffler) -> None:
    if len(rec.state.hands[seat]) == 1:
        draw_cards(rec, seat, 1, "one_card", shuffler)


def keeps_two_cards(state: State, seat: int, laid: int) -> None:
    """A duel or brawl may neither empty the hand nor leave one card that nothing could replace."""
    if len(state.hands[seat]) == laid:
        raise refuse("would_empty_hand", "only a deposit ending on a number card may empty your hand")
    if not may_lay(state, seat, laid):
        raise refuse("would_leave_one_card", "nothing is left to draw, so this would leave you one card")


def end_round(rec: Rec, winner: int | None, shuffler: Shuffler) -> None:
    state = rec.state
    last = state.round >= ROUNDS
    if winner is None:
        rec.emit(RoundBlocked(round=state.round, totals=list(state.totals), last=last))
    else:
        points = [hand_points(h) for h in state.hands]
        won = WIN_BONUS + max(p for s, p in enumerate(points) if s != winner)
        totals = list(state.totals)
        totals[winner] += won
        rec.emit(RoundWon(round=state.round, seat=winner, points=won, hand_points=points, totals=totals, last=last))
    if not last:
        deal_round(rec, shuffler)


# --- the player to act ---------------------------------------------------------------------------


def must_act(state: State, seat: int) -> None:
    if seat != state.to_act:
        raise refuse("not_your_turn", f"seat {state.to_act} is to act")


def deposit(rec: Rec, seat: int, cards: list[str], shuffler: Shuffler) -> None:
    state = rec.state
    must_act(state, seat)
    if not holds(state.hands[seat], cards):
        raise refuse("card_not_in_hand", f"you do not hold all of {cards}")
    check_deposit(top_value(state), cards)
    rec.emit(CardsDeposited(seat=seat, cards=list(cards), top=value(cards[-1])))
    if not rec.state.hands[seat]:
        # every legal deposit ends on a number card, so laying the whole hand goes out
        end_round(rec, seat, shuffler)
        return
    never_one_card(rec, seat, shuffler)
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
    must_act(rec.state, seat)
    rec.emit(Passed(seat=seat))
    if rec.state.idle >= rec.state.players:
        end_round(rec, None, shuffler)
    else:
        rec.emit(TurnStarted(seat=next_seat(rec.state, seat)))


# --- duels ---------------------------------------------------------------------------------------


def open_duel(rec: Rec, seat: int, card: str, shuffler: Shuffler) -> None:
    state = rec.state
    must_act(state, seat)
    if card not in state.hands[seat]:
        raise refuse("card_not_in_hand", f"you do not hold {card}")
    if card == DOUBLE:
        raise refuse("x2_cannot_open", "x2 only answers a duel")
    if card not in DUEL_OPENERS:
        raise refuse("not_a_duel_card", f"a duel opens with +2, +3, +4 or +5, not {card}")
    keeps_two_cards(state, seat, 1)
    rec.emit(DuelStarted(attacker=seat, defender=next_seat(state, seat), card=card, amount=plus(card)))
    never_one_card(rec, seat, shuffler)


def answering_duel(state: State, seat: int) -> DuelInPlay:
    duel = state.duel
    assert duel is not None  # phase "duel" always carries one
    if seat not in (duel.attacker, duel.defender):
        raise refuse("not_in_duel", f"the duel is between seats {duel.attacker} and {duel.defender}")
    if seat != duel.to_answer:
        raise refuse("not_your_turn", f"seat {duel.to_answer} answers the duel")
    return duel


def riposte_amount(amount: int, card: str) -> int:
    """x2 doubles the amount; a +k must be strictly greater than it and becomes it."""
    if card == DOUBLE:
        return 2 * amount
    if card not in DUEL_OPENERS:
        raise refuse("not_a_duel_card", f"a riposte is a +k or x2, not {card}")
    if plus(card) <= amount:
        raise refuse("riposte_too_weak", f"{card} is not stronger than {amount}", {"amount": amount})
    return plus(card)


def riposte(rec: Rec, seat: int, card: str, shuffler: Shuffler) -> None:
    state = rec.state
    duel = answering_duel(state, seat)
    if card not in state.hands[seat]:
        raise refuse("card_not_in_hand", f"you do not hold {card}")
    amount = riposte_amount(duel.amount, card)
    keeps_two_cards(state, seat, 1)
    rec.emit(DuelRiposted(seat=seat, card=card, amount=amount))
    never_one_card(rec, seat, shuffler)


def lose_duel(rec: Rec, seat: int, shuffler: Shuffler) -> None:
    duel = answering_duel(rec.state, seat)
    rec.emit(DuelLost(seat=seat, amount=duel.amount))
    draw_cards(rec, seat, duel.amount, "duel", shuffler)
    rec.emit(TurnStarted(seat=next_seat(rec.state, duel.attacker)))


# --- brawls --------------------------------------------------------------------------------------


def laying_darons(state: State, seat: int, count: int) -> None:
    if count < 1:
        raise refuse("invalid_count", "a brawl lays at least one Daron card")
    if state.hands[seat].count(DARON) < count:
        raise refuse("card_not_in_hand", f"you do not hold {count} Daron cards")
    keeps_two_cards(state, seat, count)


def open_brawl(rec: Rec, seat: int, count: int, shuffler: Shuffler) -> None:
    must_act(rec.state, seat)
    laying_darons(rec.state, seat, count)
    rec.emit(BrawlStarted(seat=seat, count=count))
    never_one_card(rec, seat, shuffler)


def answering_brawl(state: State, seat: int) -> BrawlInPlay:
    brawl = state.brawl
    assert brawl is not None  # phase "brawl" always carries one
    if seat != brawl.to_answer:
        raise refuse("not_your_turn", f"seat {brawl.to_answer} answers the brawl")
    return brawl


def join_brawl(rec: Rec, seat: int, count: int, shuffler: Shuffler) -> None:
    brawl = answering_brawl(rec.state, seat)
    laying_darons(rec.state, seat, count)
    rec.emit(BrawlJoined(seat=seat, count=count, total=brawl.count + count))
    never_one_card(rec, seat, shuffler)


def lose_brawl(rec: Rec, seat: int, shuffler: Shuffler) -> None:
    brawl = answering_brawl(rec.state, seat)
    amount = brawl_draw(brawl.count)
    rec.emit(BrawlLost(seat=seat, total=brawl.count, amount=amount))
    draw_cards(rec, seat, amount, "brawl", shuffler)
    rec.emit(TurnStarted(seat=next_seat(rec.state, brawl.initiator)))
