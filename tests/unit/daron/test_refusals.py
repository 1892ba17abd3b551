"""Each bad input: its stable code, and the state left exactly as it was."""

import pytest

from domain.games.daron.commands import Accept, Brawl, Deposit, Draw, Duel, Pass, Riposte
from domain.games.daron.state import BrawlInPlay, DuelInPlay, State
from tests.unit.daron.positions import play, position, refusal

D = "daron"
FILL = [D, D, D]


def table(top: str = "5") -> State:
    hand = ["3", "4", "4", "6", "7", "+2", "+3", "x2", "joker_odd", "joker_even", D, D]
    return position([hand, ["2", "2", "+4", D], ["8", "8"]], top=top)


@pytest.mark.parametrize(
    ("top", "cards", "code"),
    [
        ("5", [], "empty_deposit"),
        ("5", ["5"], "card_not_in_hand"),
        ("5", ["4", "4", "4"], "card_not_in_hand"),
        ("5", ["4", "7"], "not_adjacent"),
        ("5", ["3"], "not_adjacent"),
        ("7", ["+3", "7"], "operator_out_of_range"),  # 7 + 3 = 10
        ("6", ["x2", "6"], "operator_out_of_range"),  # 2 x 6 = 12
        ("2", ["+2", "3"], "operator_needs_exact_value"),
        ("2", ["+2"], "operator_needs_exact_value"),
        ("2", ["+2", "joker_even"], "operator_needs_exact_value"),
        ("4", ["4", "+2", "6"], "operator_not_first"),
        ("5", ["joker_even", "7"], "joker_wrong_parity"),
        ("4", ["joker_odd", "7"], "joker_wrong_parity"),
        ("5", ["4", "joker_odd", "7"], "joker_not_first"),
        ("5", ["joker_odd"], "joker_needs_number"),
        ("5", ["joker_odd", D], "joker_needs_number"),
        ("5", [D], "not_a_number_card"),
        ("5", ["4", D], "not_a_number_card"),
    ],
)
def test_bad_deposits(top: str, cards: list[str], code: str) -> None:
    assert refusal(table(top), 0, Deposit(cards=cards)) == code


def test_a_deposit_after_a_draw_follows_the_same_rules() -> None:
    _, drawn = play(table(), 0, Draw())
    assert refusal(drawn, 0, Deposit(cards=["4", "7"])) == "not_adjacent"


def test_acting_out_of_turn() -> None:
    state = table()
    for command in (Deposit(cards=["4"]), Draw(), Duel(card="+2"), Brawl(count=1), Pass()):
        assert refusal(state, 1, command) == "not_your_turn"


def test_a_second_action_in_one_turn() -> None:
    _, after = play(table(), 0, Deposit(cards=["4"]))
    assert refusal(after, 0, Deposit(cards=["6"])) == "not_your_turn"
    _, drawn = play(table(), 0, Draw())
    assert refusal(drawn, 0, Draw()) == "already_drawn"
    assert refusal(drawn, 0, Duel(card="+2")) == "already_drawn"
    assert refusal(drawn, 0, Brawl(count=1)) == "already_drawn"
    _, dueled = play(table(), 0, Duel(card="+2"))
    assert refusal(dueled, 0, Draw()) == "wrong_phase"
    assert refusal(dueled, 0, Deposit(cards=["4"])) == "wrong_phase"


def test_pass_only_after_a_draw() -> None:
    assert refusal(table(), 0, Pass()) == "must_draw_first"


def test_x2_cannot_open_a_duel_and_only_plus_cards_duel() -> None:
    assert refusal(table(), 0, Duel(card="x2")) == "x2_cannot_open"
    assert refusal(table(), 0, Duel(card="4")) == "not_a_duel_card"
    assert refusal(table(), 0, Duel(card=D)) == "not_a_duel_card"
    assert refusal(table(), 0, Duel(card="+5")) == "card_not_in_hand"


def test_ripostes() -> None:
    _, dueled = play(table(), 0, Duel(card="+3"))
    assert refusal(dueled, 1, Riposte(card="+2")) == "card_not_in_hand"
    _, small = play(table(), 0, Duel(card="+2"))
    assert refusal(small, 1, Riposte(card="x2")) == "card_not_in_hand"
    assert refusal(small, 1, Riposte(card="2")) == "not_a_duel_card"
    state = position([["+2", *FILL], ["+2", "+3", "3"], ["8", "8"]], top="5")
    _, state = play(state, 0, Duel(card="+2"))
    assert refusal(state, 1, Riposte(card="+2")) == "riposte_too_weak"


def test_answering_a_duel_you_are_not_in_or_not_asked() -> None:
    _, dueled = play(table(), 0, Duel(card="+2"))
    assert refusal(dueled, 2, Accept()) == "not_in_duel"
    assert refusal(dueled, 2, Riposte(card="+3")) == "not_in_duel"
    assert refusal(dueled, 0, Accept()) == "not_your_turn"
    assert refusal(table(), 1, Accept()) == "not_asked"
    assert refusal(table(), 0, Riposte(card="+3")) == "not_asked"


def test_brawl_answers() -> None:
    _, brawling = play(table(), 0, Brawl(count=1))
    assert refusal(brawling, 2, Brawl(count=1)) == "not_your_turn"
    assert refusal(brawling, 2, Accept()) == "not_your_turn"
    assert refusal(brawling, 1, Brawl(count=2)) == "card_not_in_hand"
    assert refusal(brawling, 1, Brawl(count=0)) == "invalid_count"
    assert refusal(brawling, 1, Riposte(card="+4")) == "not_asked"
    assert refusal(brawling, 1, Deposit(cards=["2"])) == "wrong_phase"
    assert refusal(table(), 0, Brawl(count=0)) == "invalid_count"
    assert refusal(table(), 0, Brawl(count=3)) == "card_not_in_hand"
    assert refusal(table(), 0, Brawl(count=10**12)) == "card_not_in_hand"
    assert refusal(table(), 0, Brawl(count=-1)) == "invalid_count"


def test_a_duel_or_brawl_may_not_empty_the_hand() -> None:
    state = position([["+2", D], ["3", "3"]], top="5")
    _, after = play(state, 0, Brawl(count=1))  # leaves the +2: allowed, then a draw
    assert len(after.hands[0]) == 2
    only_darons = position([[D, D], ["3", "3"]], top="5")
    assert refusal(only_darons, 0, Brawl(count=2)) == "would_empty_hand"
    lone = position([["+2"], ["3", "3"]], top="5")
    assert refusal(lone, 0, Duel(card="+2")) == "would_empty_hand"
    duel = DuelInPlay(attacker=0, defender=1, amount=2, to_answer=1)
    answering = position([["3", "3"], ["+3"]], top="5", duel=duel)
    assert refusal(answering, 1, Riposte(card="+3")) == "would_empty_hand"
    brawl = BrawlInPlay(initiator=0, count=1, to_answer=1)
    joining = position([["3", "3"], [D]], top="5", brawl=brawl)
    assert refusal(joining, 1, Brawl(count=1)) == "would_empty_hand"


def test_one_card_may_not_be_left_when_nothing_could_replace_it() -> None:
    state = position([["+2", "3"], ["3", "3"]], top="5", draw=[])
    assert refusal(state, 0, Duel(card="+2")) == "would_leave_one_card"
    darons = position([[D, "3"], ["3", "3"]], top="5", draw=[])
    assert refusal(darons, 0, Brawl(count=1)) == "would_leave_one_card"


def test_nothing_is_played_once_the_game_is_over() -> None:
    over = position([["3", "3"], ["4", "4"]], top="5", phase="finished")
    assert refusal(over, 0, Deposit(cards=["4"])) == "wrong_phase"
    assert refusal(over, 0, Draw()) == "wrong_phase"
