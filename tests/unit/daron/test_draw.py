"""`draw` then `deposit` or `pass`; the reshuffle of the discard; a round blocked with nothing to draw."""

from domain.games.daron.commands import Deposit, Draw, Pass
from domain.games.daron.events import CardsDealt, CardsDrawn, Passed, RoundBlocked, TurnStarted
from domain.kernel.events import DeckShuffled
from domain.kernel.shuffle import shuffle
from tests.unit.daron.positions import SEED, of_type, play, position

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
