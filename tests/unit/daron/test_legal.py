"""Legal moves: complete commands the seat may send now, every one accepted; who the game waits for."""

from collections import Counter
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.daron.cards import deck, value
from domain.games.daron.commands import Accept, Brawl, Deposit, Draw, Duel, Pass, Riposte
from domain.games.daron.deposits import check_deposit, deposits
from domain.games.daron.legal import awaiting, legal_moves
from domain.games.daron.state import BrawlInPlay, DuelInPlay, State
from domain.kernel.errors import RuleViolation
from tests.unit.daron.positions import play, position

D = "daron"


def accepted(state: State, seat: int) -> None:
    for move in legal_moves(state, seat):
        play(state, seat, move)


def test_to_act_may_deposit_draw_duel_or_brawl() -> None:
    state = position([["4", "6", "+2", "x2", D, D], ["3", "3"], ["7", "7"]], top="5")
    moves = legal_moves(state, 0)
    assert Draw() in moves
    assert [m for m in moves if isinstance(m, Duel)] == [Duel(card="+2")]
    assert [m for m in moves if isinstance(m, Brawl)] == [Brawl(count=1), Brawl(count=2)]
    laid = {tuple(m.cards) for m in moves if isinstance(m, Deposit)}
    assert laid == {("4",), ("6",), ("4", "6"), ("6", "4")}
    assert legal_moves(state, 1) == []
    assert awaiting(state) == [0]
    accepted(state, 0)


def test_after_a_draw_deposit_or_pass() -> None:
    state = position([["4", "+2", D], ["3", "3"]], top="5", phase="drawn", drawn="4")
    assert legal_moves(state, 0) == [Deposit(cards=["4"]), Pass()]
    accepted(state, 0)


def test_in_a_duel_only_the_one_to_answer_ripostes_or_accepts() -> None:
    duel = DuelInPlay(attacker=0, defender=1, amount=3, to_answer=1)
    state = position([["3", "3"], ["+2", "+3", "+4", "x2", "5"], ["7", "7"]], top="5", duel=duel)
    assert legal_moves(state, 1) == [Riposte(card="+4"), Riposte(card="x2"), Accept()]
    assert legal_moves(state, 0) == legal_moves(state, 2) == []
    assert awaiting(state) == [1]
    accepted(state, 1)


def test_in_a_brawl_the_one_to_answer_joins_or_accepts() -> None:
    brawl = BrawlInPlay(initiator=0, count=2, to_answer=2)
    state = position([["3", "3"], ["7", "7"], [D, D, "5"]], top="5", brawl=brawl)
    assert legal_moves(state, 2) == [Brawl(count=1), Brawl(count=2), Accept()]
    assert awaiting(state) == [2]
    accepted(state, 2)


def test_moves_that_would_leave_one_card_for_good_are_not_offered() -> None:
    state = position([["+2", D], ["3", "3"]], top="5", draw=[])
    assert legal_moves(state, 0) == [Draw()]


def test_operator_and_joker_deposits_are_listed() -> None:
    state = position([["+2", "joker_odd", "7", "8", D], ["3", "3"]], top="5")
    laid = [m.cards for m in legal_moves(state, 0) if isinstance(m, Deposit)]
    assert ["+2", "7", "8"] in laid
    assert ["+2", "7"] in laid
    assert ["joker_odd", "8", "7"] in laid and ["joker_odd", "7", "8"] in laid
    assert all(cards[0] != "joker_even" for cards in laid)


def test_after_a_draw_no_joker_deposit_is_listed() -> None:
    # rules version 2: a joker is only the first card of a turn
    state = position([["joker_odd", "7", "8", D], ["3", "3"]], top="7", phase="drawn", drawn="8")
    moves = legal_moves(state, 0)
    laid = [m.cards for m in moves if isinstance(m, Deposit)]
    assert laid and not any("joker_odd" in cards for cards in laid)
    assert Pass() in moves
    old = position([["joker_odd", "7", "8", D], ["3", "3"]], top="7", phase="drawn", rules=1)
    assert ["joker_odd", "8", "7"] in [m.cards for m in legal_moves(old, 0) if isinstance(m, Deposit)]


def test_nobody_is_awaited_between_games() -> None:
    assert awaiting(position([["3", "3"], ["4", "4"]], phase="finished")) == []


DECK = Counter(deck())


def within_deck(hand: list[str]) -> bool:
    return all(k <= DECK[card] for card, k in Counter(hand).items())


HAND = st.lists(st.sampled_from(sorted(DECK)), min_size=1, max_size=10).filter(within_deck)


@settings(max_examples=300, deadline=None)
@given(hand=HAND, top=st.integers(1, 9))
def test_deposits_enumerated_are_exactly_the_legal_sets(hand: list[str], top: int) -> None:
    found = deposits(hand, top)
    keys = [(tuple(sorted(cards)), value(cards[-1])) for cards in found]
    assert len(keys) == len(set(keys)), "one order per set and last value"
    for cards in found:
        check_deposit(top, cards)
        assert not Counter(cards) - Counter(hand)
    # every legal sequence of up to three cards is listed, in some order ending on the same value
    for size in (1, 2, 3):
        for laid in set(permutations(hand, size)):
            try:
                check_deposit(top, list(laid))
            except RuleViolation:
                continue
            assert (tuple(sorted(laid)), value(laid[-1])) in keys
