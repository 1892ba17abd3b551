"""`brawl`: Daron cards around the table, the first who accepts draws 2-2-2-1-1..., the boomerang."""

from domain.games.daron.brawls import brawl_draw
from domain.games.daron.commands import Accept, Brawl
from domain.games.daron.events import BrawlJoined, BrawlLost, BrawlStarted, CardsDrawn, TurnStarted
from domain.games.daron.state import BrawlInPlay
from tests.unit.daron.positions import of_type, play, position

D = "daron"


def test_a_brawl_asks_the_next_players_in_turn() -> None:
    state = position([[D, D, "3", "3"], [D, "4", "4"], ["6", "6"]], top="5")
    events, after = play(state, 0, Brawl(count=2))
    assert events == [BrawlStarted(seat=0, count=2)]
    assert after.phase == "brawl"
    assert after.brawl == BrawlInPlay(initiator=0, count=2, to_answer=1)
    assert after.brawl_pile == [D, D]
    events, after = play(after, 1, Brawl(count=1))
    assert events == [BrawlJoined(seat=1, count=1, total=3)]
    assert after.brawl is not None and after.brawl.to_answer == 2


def test_the_first_to_accept_draws_and_the_turn_passes_after_the_initiator() -> None:
    state = position([[D, "3", "3"], [D, "4", "4"], ["6", "6"]], top="5", direction=-1, to_act=1)
    _, state = play(state, 1, Brawl(count=1))
    assert state.brawl is not None and state.brawl.to_answer == 0
    _, state = play(state, 0, Brawl(count=1))
    events, after = play(state, 2, Accept())
    assert events[0] == BrawlLost(seat=2, total=2, amount=4)
    assert of_type(events, CardsDrawn)[0].count == 4
    assert events[-1] == TurnStarted(seat=0)
    assert after.brawl is None and len(after.hands[2]) == 6


def test_seed_example_seven_daron_cards_make_the_loser_draw_ten() -> None:
    state = position([[D, D, D, "3", "3"], [D, D, "4", "4"], [D, D, "6", "6"], ["7", "7"]], top="5")
    _, state = play(state, 0, Brawl(count=3))
    _, state = play(state, 1, Brawl(count=2))
    _, state = play(state, 2, Brawl(count=2))
    events, after = play(state, 3, Accept())
    assert events[0] == BrawlLost(seat=3, total=7, amount=10)
    assert sum(d.count for d in of_type(events, CardsDrawn)) == 10
    assert len(after.hands[3]) == 12


def test_boomerang_the_initiator_answers_when_it_comes_back_and_may_lose() -> None:
    state = position([[D, D, "3", "3"], [D, D, "4", "4"]], top="5")
    _, state = play(state, 0, Brawl(count=1))
    _, state = play(state, 1, Brawl(count=1))
    assert state.brawl is not None and state.brawl.to_answer == 0
    events, after = play(state, 0, Accept())
    assert events[0] == BrawlLost(seat=0, total=2, amount=4)
    assert len(after.hands[0]) == 3 + 4
    assert after.to_act == 1


def test_the_brawl_pile_is_set_aside_for_the_round() -> None:
    state = position([[D, "3", "3"], [D, "4", "4"]], top="5", under=["6"], draw=[])
    _, state = play(state, 0, Brawl(count=1))
    _, state = play(state, 1, Brawl(count=1))
    events, after = play(state, 0, Accept())
    assert [d.count for d in of_type(events, CardsDrawn)] == [1]  # only the 6 under the top: 4 were due
    assert after.brawl_pile.count(D) >= 2


def test_brawl_draws_two_per_card_for_three_then_one() -> None:
    assert [brawl_draw(t) for t in range(1, 8)] == [2, 4, 6, 7, 8, 9, 10]
