"""Deck exhaustions: reshuffles after the 1st and 2nd, the end on the 3rd in both timings; the winner."""

from __future__ import annotations

from domain.games.bohnanza import GAME
from domain.games.bohnanza.commands import AcceptTrade, EndTrading, Harvest, PlantPending, ProposeTrade, TurnUp
from domain.games.bohnanza.end import winner
from domain.games.bohnanza.events import (
    CardsDrawn,
    CardsTurnedUp,
    DeckExhausted,
    DeckReshuffled,
    FieldHarvested,
    GameFinished,
)
from domain.kernel.context import Shuffler
from domain.kernel.events import Card, DeckShuffled
from domain.kernel.shuffle import shuffle
from tests.unit.bohnanza.positions import SEED, act, position, refused

EMPTY3 = [None, None, None]


def test_the_first_exhaustion_reshuffles_the_discard_pile_oldest_first() -> None:
    discard = ["red", "soy", "blue", "green"]
    state = position(hands=[[], [], []], deck=["chili"], discard=discard)
    events, after = act(state, 0, TurnUp(), Shuffler(SEED, 3))
    order = shuffle(SEED, "shuffle:3", discard)
    assert events == [
        CardsTurnedUp(seat=0, cards=["chili"]),
        DeckShuffled(label="shuffle:3", size=4, source=list[Card](discard), order=list[Card](order)),
        DeckReshuffled(exhaustions=1, size=4),
        CardsTurnedUp(seat=0, cards=[order[0]]),
    ]
    assert after.face_up == ["chili", order[0]]
    assert after.deck == order[1:]
    assert after.discard == []
    assert after.exhaustions == 1


def test_the_second_exhaustion_reshuffles_too() -> None:
    state = position(hands=[[], [], []], deck=["chili", "red", "soy"], discard=["blue"], phase="trade", exhaustions=1)
    events, after = act(state, 0, EndTrading(), Shuffler(SEED, 1))
    assert [type(e) for e in events] == [
        type(events[0]),  # TradingEnded
        CardsDrawn,
        DeckShuffled,
        DeckReshuffled,
        type(events[4]),  # TurnStarted
    ]
    assert events[3] == DeckReshuffled(exhaustions=2, size=1)
    assert after.hands[0] == ["chili", "red", "soy"]
    assert after.deck == ["blue"]
    assert after.exhaustions == 2


def test_an_exhaustion_in_the_middle_of_the_draw_continues_from_the_new_deck() -> None:
    state = position(hands=[[], [], []], deck=["chili"], discard=["blue"] * 3, phase="trade")
    _, after = act(state, 0, EndTrading(), Shuffler(SEED, 1))
    assert after.hands[0] == ["chili", "blue", "blue"]
    assert after.deck == ["blue"]
    assert after.exhaustions == 1


def test_the_third_exhaustion_while_turning_up_lets_the_active_player_finish_phases_two_and_three() -> None:
    state = position(
        hands=[["blue"], ["red", "soy"], ["green"]],
        fields=[[("chili", 3), None, None], [("red", 3), None, None], [("green", 1), ("soy", 2), None]],
        deck=["red"],
        discard=["soy", "soy"],
        planted=1,
        exhaustions=2,
    )
    events, state = act(state, 0, TurnUp())
    assert events == [CardsTurnedUp(seat=0, cards=["red"]), DeckExhausted(exhaustions=3)]
    assert state.phase == "trade"
    assert state.ending
    # trading goes on with what was turned up
    events, state = act(state, 0, ProposeTrade(to=1, give_face_up=[0], want={"soy": 1}))
    _, state = act(state, 1, AcceptTrade(trade_id=1, give_hand=[1]))
    assert state.pending == [["soy"], ["red"], []]
    events, state = act(state, 0, EndTrading())
    assert state.phase == "plant_pending"
    _, state = act(state, 0, PlantPending(card=0, field=1))
    assert state.phase == "plant_pending"
    events, state = act(state, 1, PlantPending(card=0, field=0))
    # no draw: the final harvest, without protection, then the end
    assert [e for e in events if isinstance(e, CardsDrawn)] == []
    harvested = [e for e in events if isinstance(e, FieldHarvested)]
    assert all(e.final for e in harvested)
    assert [(e.seat, e.field, e.bean, e.count, e.coins) for e in harvested] == [
        (0, 0, "chili", 3, 1),
        (0, 1, "soy", 1, 0),
        (1, 0, "red", 4, 3),
        (2, 0, "green", 1, 0),  # a protected single card in play is harvested at the end
        (2, 1, "soy", 2, 1),
    ]
    assert events[-1] == GameFinished(coins=[1, 3, 1], winners=[1])
    assert state.phase == "finished"
    assert state.hands == [["blue"], ["red"], ["green"]]  # hand cards are worth nothing
    assert GAME.is_over(state)
    assert GAME.scores(state) == [1, 3, 1]
    assert GAME.winners(state) == [1]


def test_the_third_exhaustion_while_drawing_ends_the_game_after_that_draw() -> None:
    state = position(
        hands=[[], ["red"], []],
        fields=[[("chili", 4), None, None], EMPTY3, EMPTY3],
        deck=["blue", "soy"],
        discard=["stink"] * 5,
        phase="trade",
        exhaustions=2,
    )
    events, state = act(state, 0, EndTrading())
    assert events[1:] == [
        CardsDrawn(seat=0, count=2, cards=["blue", "soy"]),
        DeckExhausted(exhaustions=3),
        FieldHarvested(seat=0, field=0, bean="chili", count=4, coins=1, final=True),
        GameFinished(coins=[1, 0, 0], winners=[0]),
    ]
    assert state.hands[0] == ["blue", "soy"]
    assert state.phase == "finished"


def test_the_last_card_of_a_full_draw_also_ends_it() -> None:
    state = position(hands=[[], [], []], deck=["blue", "soy", "red"], phase="trade", exhaustions=2)
    events, state = act(state, 0, EndTrading())
    assert isinstance(events[-1], GameFinished)
    assert state.hands[0] == ["blue", "soy", "red"]


def test_reshuffling_an_empty_discard_pile_leaves_nothing_and_runs_out_again() -> None:
    state = position(hands=[[], [], []], deck=["blue"], discard=[], phase="trade", exhaustions=1)
    events, state = act(state, 0, EndTrading())
    assert events[1:] == [
        CardsDrawn(seat=0, count=1, cards=["blue"]),
        DeckReshuffled(exhaustions=2, size=0),
        DeckExhausted(exhaustions=3),
        GameFinished(coins=[0, 0, 0], winners=[2]),
    ]


def test_nothing_is_played_once_finished() -> None:
    state = position(fields=[[("soy", 2), None, None], EMPTY3, EMPTY3], phase="finished")
    assert refused(state, 0, Harvest(field=0)) == "wrong_phase"


def test_a_tie_goes_to_the_highest_seat() -> None:
    assert winner([5, 7, 7, 2]) == 2
    assert winner([3, 3, 3]) == 2
    assert winner([9, 3, 3]) == 0
    assert winner([0, 0, 0, 0, 0, 0, 0]) == 6
