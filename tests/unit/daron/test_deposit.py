"""`deposit` in its three forms, the reversal on 1 and 9, never one card, going out."""

from domain.games.daron.commands import Deposit, Draw, Pass
from domain.games.daron.events import (
    CardsDeposited,
    CardsDrawn,
    DirectionReversed,
    RoundWon,
    TurnStarted,
)
from tests.unit.daron.positions import of_type, play, position, refusal

FILL = ["daron", "daron", "daron"]  # cards no deposit can use, so hands never run out by accident


def test_plain_deposit_lays_several_cards_around_the_top_duplicates_included() -> None:
    state = position([["4", "4", "5", "6", "8", *FILL], ["2", "2"], ["3", "3"]], top="5")
    events, after = play(state, 0, Deposit(cards=["4", "6", "4", "5"]))
    assert events[0] == CardsDeposited(seat=0, cards=["4", "6", "4", "5"], top=5)
    assert after.hands[0] == ["8", *FILL]
    assert after.discard[-5:] == ["5", "4", "6", "4", "5"]
    assert events[-1] == TurnStarted(seat=1)
    assert after.to_act == 1


def test_plain_reference_stays_the_top_not_the_last_card_laid() -> None:
    state = position([["4", "3", *FILL], ["2", "2"]], top="5")
    assert refusal(state, 0, Deposit(cards=["4", "3"])) == "not_adjacent"


def test_the_last_card_laid_becomes_the_top() -> None:
    state = position([["4", "6", *FILL], ["2", "2"]], top="5")
    _, after = play(state, 0, Deposit(cards=["6", "4"]))
    assert after.discard[-1] == "4"


def test_seed_example_three_then_plus_four_gives_seven_then_six_and_eight() -> None:
    state = position([["+4", "7", "6", "8", *FILL], ["2", "2"]], top="3")
    events, after = play(state, 0, Deposit(cards=["+4", "7", "6", "8"]))
    assert of_type(events, CardsDeposited)[0].top == 8
    assert after.hands[0] == FILL


def test_seed_example_plus_three_unblocks_a_four_for_a_seven() -> None:
    state = position([["+3", "7", *FILL], ["2", "2"]], top="4")
    _, after = play(state, 0, Deposit(cards=["+3", "7"]))
    assert after.discard[-2:] == ["+3", "7"]


def test_seed_example_x2_on_a_three_announces_six() -> None:
    state = position([["x2", "6", *FILL], ["2", "2"]], top="3")
    _, after = play(state, 0, Deposit(cards=["x2", "6"]))
    assert after.discard[-1] == "6"


def test_after_an_operator_further_cards_are_around_its_result() -> None:
    state = position([["+2", "5", "4", "6", "3", *FILL], ["2", "2"]], top="3")
    _, after = play(state, 0, Deposit(cards=["+2", "5", "4", "6"]))
    assert after.hands[0] == ["3", *FILL]
    assert refusal(state, 0, Deposit(cards=["+2", "5", "3"])) == "not_adjacent"


def test_seed_example_joker_odd_on_a_three_then_eight_seven_nine() -> None:
    state = position([["joker_odd", "8", "7", "9", *FILL], ["2", "2"], ["4", "4"]], top="3")
    events, after = play(state, 0, Deposit(cards=["joker_odd", "8", "7", "9"]))
    assert of_type(events, CardsDeposited)[0].top == 9
    # the 9 reverses the direction and gives the same player another turn
    assert of_type(events, DirectionReversed) == [DirectionReversed(seat=0, direction=-1)]
    assert events[-1] == TurnStarted(seat=0, extra=True)
    assert after.to_act == 0


def test_joker_even_covers_an_even_top_and_frees_the_reference() -> None:
    state = position([["joker_even", "2", "3", *FILL], ["2", "2"]], top="8")
    _, after = play(state, 0, Deposit(cards=["joker_even", "2", "3"]))
    assert after.discard[-1] == "3"


def test_a_one_or_nine_reverses_and_replays_then_play_goes_the_other_way() -> None:
    state = position([["1", "2", *FILL], ["3", "3"], ["4", "4"], ["6", "6"]], top="2")
    events, after = play(state, 0, Deposit(cards=["1"]))
    assert of_type(events, DirectionReversed)[0].direction == -1
    assert after.to_act == 0 and after.direction == -1
    _, after = play(after, 0, Deposit(cards=["2"]))
    assert after.to_act == 3


def test_two_1s_reverse_once() -> None:
    state = position([["1", "1", *FILL], ["3", "3"], ["4", "4"]], top="2")
    events, after = play(state, 0, Deposit(cards=["1", "1"]))
    assert len(of_type(events, DirectionReversed)) == 1
    assert after.direction == -1


def test_with_two_players_a_nine_only_gives_the_extra_turn() -> None:
    state = position([["9", "8", *FILL], ["3", "3"]], top="8")
    events, after = play(state, 0, Deposit(cards=["9"]))
    assert of_type(events, DirectionReversed) == []
    assert after.direction == 1
    assert events[-1] == TurnStarted(seat=0, extra=True)


def test_left_with_one_card_a_player_draws_one_at_once() -> None:
    state = position([["4", "6", "daron"], ["2", "2"]], top="5", draw=["7", "8"])
    events, after = play(state, 0, Deposit(cards=["4", "6"]))
    assert of_type(events, CardsDrawn) == [CardsDrawn(seat=0, count=1, cards=["7"], reason="one_card")]
    assert sorted(after.hands[0]) == ["7", "daron"]
    assert after.draw_pile == ["8"]


def test_one_card_draw_reshuffles_the_discard_when_the_pile_is_empty() -> None:
    state = position([["4", "6", "daron"], ["2", "2"]], top="5", under=["3"], draw=[])
    events, after = play(state, 0, Deposit(cards=["4", "6"]))
    assert of_type(events, CardsDrawn)[0].count == 1
    assert len(after.hands[0]) == 2
    assert after.discard == ["6"]


def test_laying_the_whole_hand_goes_out_and_wins_the_round() -> None:
    state = position(
        [["4", "5", "6"], ["joker_odd", "2", "2"], ["3", "x2", "daron", "daron"]], top="5", totals=[1, 2, 3]
    )
    events, after = play(state, 0, Deposit(cards=["4", "5", "6"]))
    won = of_type(events, RoundWon)[0]
    assert won.seat == 0
    assert won.hand_points == [0, 5, 7]
    assert won.points == 5 + 7
    assert won.totals == [13, 2, 3]
    assert after.totals == [13, 2, 3]
    assert after.round == 2


def test_a_deposit_after_a_draw_never_opens_with_a_joker() -> None:
    # rules/daron.md (rules version 2): a joker is only ever the very first card of a turn, never after a draw
    state = position([["2", "2", *FILL], ["3", "3"]], top="5", draw=["joker_odd"])
    _, after = play(state, 0, Draw())
    assert after.phase == "drawn" and "joker_odd" in after.hands[0]
    assert refusal(after, 0, Deposit(cards=["joker_odd", "2", "2"])) == "joker_not_first"
    assert refusal(after, 0, Deposit(cards=["joker_odd", "2"])) == "joker_not_first"
    # the same joker opens the next turn's deposit
    _, after = play(after, 0, Pass())
    assert after.to_act == 1


def test_a_joker_held_before_the_draw_is_refused_after_it_too() -> None:
    state = position([["joker_odd", "2", "2", *FILL], ["3", "3"]], top="5", draw=["8"])
    assert play(state, 0, Deposit(cards=["joker_odd", "2", "2"]))[1].hands[0] == FILL  # first card of the turn: fine
    _, drawn = play(state, 0, Draw())
    assert refusal(drawn, 0, Deposit(cards=["joker_odd", "2", "2"])) == "joker_not_first"


def test_the_extra_turn_after_a_one_or_nine_may_open_with_a_joker() -> None:
    # the extra turn is a whole turn: its first card may be a joker
    state = position([["9", "joker_odd", "2", *FILL], ["3", "3"], ["4", "4"]], top="8")
    _, after = play(state, 0, Deposit(cards=["9"]))
    assert after.to_act == 0 and after.phase == "play"
    _, after = play(after, 0, Deposit(cards=["joker_odd", "2"]))
    assert after.hands[0] == FILL


def test_under_rules_1_a_deposit_after_a_draw_may_open_with_a_joker() -> None:
    # a game created before the rule changed is played on as it was
    state = position([["2", "2", *FILL], ["3", "3"]], top="5", draw=["joker_odd"], rules=1)
    _, after = play(state, 0, Draw())
    assert after.phase == "drawn"
    _, after = play(after, 0, Deposit(cards=["joker_odd", "2", "2"]))
    assert after.hands[0] == FILL
    assert after.to_act == 1
