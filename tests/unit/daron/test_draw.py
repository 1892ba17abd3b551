"""`draw` then `deposit` or `pass`; the reshuffle of the discard; a round blocked with nothing to draw."""

from domain.games.daron.commands import Deposit, Draw, Pass
from domain.games.daron.events import CardsDealt, CardsDeposited, CardsDrawn, Passed, RoundBlocked, TurnStarted
from domain.games.daron.legal import legal_moves
from domain.kernel.events import DeckShuffled
from domain.kernel.shuffle import shuffle
from tests.unit.daron.positions import SEED, of_type, play, position, refusal

FILL = ["daron", "daron", "daron"]


def test_draw_takes_the_front_card_then_pass_ends_the_turn() -> None:
    state = position([["2", *FILL], ["3", "3"]], top="5", draw=["8", "7"])
    events, after = play(state, 0, Draw())
    assert events == [CardsDrawn(seat=0, count=1, cards=["8"], reason="draw")]
    assert after.phase == "drawn" and after.to_act == 0
    assert after.draw_pile == ["7"]
    events, after = play(after, 0, Pass())
    assert events == [Passed(seat=0), TurnStarted(seat=1)]
    assert after.phase == "play" and after.to_act == 1


def test_a_good_draw_may_be_laid_at_once() -> None:
    state = position([["2", *FILL], ["3", "3"]], top="5", draw=["6"])
    _, after = play(state, 0, Draw())
    _, after = play(after, 0, Deposit(cards=["6"]))
    assert after.discard[-1] == "6"
    assert after.to_act == 1


def test_an_empty_pile_is_rebuilt_from_the_discard_but_its_top_oldest_first() -> None:
    state = position([["2", *FILL], ["3", "3"]], top="5", under=["4", "joker_odd", "6"], draw=[])
    events, after = play(state, 0, Draw(), shuffles=3)
    shuffled = of_type(events, DeckShuffled)[0]
    assert shuffled.label == "shuffle:3"
    assert shuffled.source == ["4", "joker_odd", "6"]
    order = shuffle(SEED, "shuffle:3", ["4", "joker_odd", "6"])
    assert shuffled.order == order
    assert of_type(events, CardsDrawn)[0].cards == [order[0]]
    assert after.discard == ["5"]
    assert after.draw_pile == order[1:]


def test_with_nothing_to_draw_the_draw_is_skipped() -> None:
    state = position([["2", *FILL], ["3", "3"]], top="5", draw=[])
    events, after = play(state, 0, Draw())
    assert events == [CardsDrawn(seat=0, count=0, cards=[], reason="draw")]
    assert after.phase == "drawn"
    assert after.hands[0] == state.hands[0]


def test_everyone_drawing_nothing_and_passing_in_turn_blocks_the_round() -> None:
    state = position([["2", *FILL], ["3", "3"], ["4", "7"]], top="9", draw=[], totals=[4, 5, 6])
    after = state
    for seat in (0, 1):
        _, after = play(after, seat, Draw())
        events, after = play(after, seat, Pass())
        assert of_type(events, RoundBlocked) == []
    _, after = play(after, 2, Draw())
    events, after = play(after, 2, Pass())
    # nothing was laid: the hands shown at the end are the dealt ones
    shown = state.hands
    assert of_type(events, RoundBlocked) == [RoundBlocked(round=1, totals=[4, 5, 6], last=False, hands=shown)]
    assert of_type(events, CardsDealt)[0].round == 2
    assert after.totals == [4, 5, 6]


def test_a_pass_after_drawing_a_card_does_not_count_towards_the_block() -> None:
    # two players before drew nothing and passed; had seat 0 drawn nothing too, the round would be blocked
    blocked = position([["2", *FILL], ["3", "3"], ["4", "7"]], top="9", draw=[], idle=2)
    _, after = play(blocked, 0, Draw())
    _, after = play(after, 0, Pass())
    assert after.round == 2
    state = position([["2", *FILL], ["3", "3"], ["4", "7"]], top="9", draw=["8"], idle=2)
    _, after = play(state, 0, Draw())
    _, after = play(after, 0, Pass())
    assert after.idle == 0 and after.round == 1


def test_the_third_blocked_round_ends_the_game() -> None:
    state = position([["2", *FILL], ["3", "3"]], top="9", draw=[], round_=3, idle=1, totals=[10, 3])
    _, after = play(state, 0, Draw())
    events, after = play(after, 0, Pass())
    assert of_type(events, RoundBlocked) == [RoundBlocked(round=3, totals=[10, 3], last=True, hands=state.hands)]
    assert after.phase == "finished"


def test_under_rules_1_a_blocked_round_shows_no_hand() -> None:
    state = position([["2", *FILL], ["3", "3"]], top="9", draw=[], round_=3, idle=1, totals=[10, 3], rules=1)
    _, after = play(state, 0, Draw())
    events, after = play(after, 0, Pass())
    assert of_type(events, RoundBlocked) == [RoundBlocked(round=3, totals=[10, 3], last=True)]


# rules/daron.md, "Draw" (rules version 3): "si la pioche est bonne, il peut alors poser": the deposit after a draw lays
# the card drawn; games created under an earlier version lay any deposit after a draw.


def test_under_rules_3_a_deposit_after_a_draw_without_the_drawn_card_is_refused() -> None:
    state = position([["4", "4", *FILL], ["3", "3"]], top="5", draw=["6"], rules=3)
    _, drawn = play(state, 0, Draw())
    assert drawn.drawn == "6"
    assert refusal(drawn, 0, Deposit(cards=["4"])) == "must_lay_drawn_card"
    assert refusal(drawn, 0, Deposit(cards=["4", "4"])) == "must_lay_drawn_card"
    assert Deposit(cards=["4"]) not in legal_moves(drawn, 0)


def test_under_rules_3_a_deposit_after_a_draw_that_lays_the_drawn_card_is_accepted() -> None:
    state = position([["4", "4", *FILL], ["3", "3"]], top="5", draw=["6"], rules=3)
    _, drawn = play(state, 0, Draw())
    for cards in (["6"], ["4", "6"], ["6", "4", "4"]):
        events, after = play(drawn, 0, Deposit(cards=cards))
        assert events[0] == CardsDeposited(seat=0, cards=cards, top=int(cards[-1]))
        assert after.to_act == 1 and after.drawn is None
    laid = [m.cards for m in legal_moves(drawn, 0) if isinstance(m, Deposit)]
    assert laid and all("6" in cards for cards in laid)
    assert ["4", "4", "6"] in laid and ["4", "6", "4"] in laid


def test_under_rules_3_a_drawn_operator_may_open_the_deposit() -> None:
    state = position([["7", "4", *FILL], ["3", "3"]], top="5", draw=["+2"], rules=3)
    _, drawn = play(state, 0, Draw())
    assert refusal(drawn, 0, Deposit(cards=["4"])) == "must_lay_drawn_card"
    assert [m.cards for m in legal_moves(drawn, 0) if isinstance(m, Deposit)] == [["+2", "7"]]
    _, after = play(drawn, 0, Deposit(cards=["+2", "7"]))
    assert after.discard[-2:] == ["+2", "7"]


def test_under_rules_3_a_draw_that_finds_nothing_or_a_card_never_laid_leaves_only_the_pass() -> None:
    empty = position([["4", "4", *FILL], ["3", "3"]], top="5", draw=[], rules=3)
    _, drawn = play(empty, 0, Draw())
    assert drawn.drawn is None
    assert refusal(drawn, 0, Deposit(cards=["4"])) == "must_lay_drawn_card"
    assert legal_moves(drawn, 0) == [Pass()]
    for card in ("daron", "joker_odd", "9"):  # a 9 is two from the top 5
        state = position([["4", "4", *FILL], ["3", "3"]], top="5", draw=[card], rules=3)
        _, drawn = play(state, 0, Draw())
        assert legal_moves(drawn, 0) == [Pass()], card


def test_under_rules_2_the_same_deposit_after_a_draw_is_accepted() -> None:
    state = position([["4", "4", *FILL], ["3", "3"]], top="5", draw=["6"], rules=2)
    _, drawn = play(state, 0, Draw())
    events, after = play(drawn, 0, Deposit(cards=["4"]))
    assert events[0] == CardsDeposited(seat=0, cards=["4"], top=4)
    assert after.to_act == 1
    assert Deposit(cards=["4"]) in legal_moves(drawn, 0)


def test_under_rules_3_the_first_deposit_of_a_turn_lays_any_card() -> None:
    state = position([["4", "4", *FILL], ["3", "3"]], top="5", draw=["6"], rules=3)
    events, _ = play(state, 0, Deposit(cards=["4"]))
    assert events[0] == CardsDeposited(seat=0, cards=["4"], top=4)
