"""What each seat, a spectator and everyone see: the view fields and every event type redacted."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from domain.games.bohnanza import GAME
from domain.games.bohnanza.commands import ProposeTrade
from domain.games.bohnanza.events import (
    EVENT_TYPES,
    BeanPlanted,
    CardsDealt,
    CardsDrawn,
    CardsTurnedUp,
    DeckExhausted,
    DeckReshuffled,
    FieldBought,
    FieldHarvested,
    GameFinished,
    TradeAccepted,
    TradeCancelled,
    TradeProposed,
    TradingEnded,
    TurnStarted,
)
from domain.games.bohnanza.views import redact, view
from domain.kernel import table as tables
from domain.kernel.events import DeckShuffled
from domain.kernel.viewer import EVERYONE, SPECTATOR, seat_viewer
from tests.unit.bohnanza.positions import act, position
from tests.unit.harness import Game

FIELDS = {
    "hand",
    "hand_sizes",
    "fields",
    "face_up",
    "pending",
    "coins",
    "deck_size",
    "discard_size",
    "discard_top",
    "exhaustions",
    "active",
    "phase",
    "planted",
    "trades",
}


def table_state() -> Any:
    state = position(
        hands=[["blue", "red"], ["soy"], []],
        fields=[[("chili", 2), None, None], [None] * 3, [("red", 1), None, None]],
        face_up=["green", "stink"],
        pending=[[], ["garden"], []],
        gold=[["blue"], [], []],
        deck=["blue", "soy"],
        discard=["red", "stink"],
        phase="trade",
        planted=1,
    )
    _, state = act(state, 0, ProposeTrade(to=1, give_hand=[1], give_face_up=[0], want={"soy": 1}))
    return state


def test_the_view_has_the_fields_of_the_rules_file() -> None:
    seen = msgspec.to_builtins(view(table_state(), seat_viewer(0)))
    assert set(seen) >= FIELDS
    assert seen["hand"] == ["blue", "red"]
    assert seen["hand_sizes"] == [2, 1, 0]
    assert seen["fields"][0] == [{"bean": "chili", "count": 2}, None, None]
    assert seen["face_up"] == ["green", "stink"]
    assert seen["pending"] == [[], ["garden"], []]
    assert seen["coins"] == [1, 0, 0]
    assert (seen["deck_size"], seen["discard_size"], seen["discard_top"]) == (2, 2, "stink")
    assert (seen["exhaustions"], seen["active"], seen["phase"], seen["planted"]) == (0, 0, "trade", 1)
    assert seen["trades"] == [
        {
            "trade_id": 1,
            "from": 0,
            "to": 1,
            "give": ["red", "green"],
            "want": {"soy": 1},
            "give_face_up": [0],
            "give_hand": [1],
        }
    ]


def test_other_seats_see_hand_sizes_and_offered_beans_but_not_hand_positions() -> None:
    seen = msgspec.to_builtins(view(table_state(), seat_viewer(1)))
    assert seen["hand"] == ["soy"]
    assert seen["hands"] is None
    assert seen["trades"][0]["give"] == ["red", "green"]
    assert seen["trades"][0]["give_hand"] is None


def test_a_spectator_holds_no_hand() -> None:
    seen = msgspec.to_builtins(view(table_state(), SPECTATOR))
    assert seen["hand"] == []
    assert seen["hands"] is None


def test_everyone_sees_every_hand_once_finished() -> None:
    assert msgspec.to_builtins(view(table_state(), EVERYONE))["hands"] == [["blue", "red"], ["soy"], []]


def test_the_game_view_through_the_table() -> None:
    game = Game(GAME, 4)
    game.start()
    seen = msgspec.to_builtins(tables.view(GAME, game.table, seat_viewer(2)))
    assert seen["state"]["hand"] == game.state.hands[2]
    assert seen["awaiting"] == [0]
    assert seen["scores"] == [0, 0, 0, 0]


SAMPLES: dict[type[Any], Any] = {
    CardsDealt: CardsDealt(hands=[["blue"], ["red"], ["soy"]], hand_sizes=[1, 1, 1]),
    BeanPlanted: BeanPlanted(seat=0, field=0, bean="blue"),
    CardsTurnedUp: CardsTurnedUp(seat=0, cards=["blue", "red"]),
    TradeProposed: TradeProposed(
        trade_id=1, seat=1, to=0, give_hand=[2], give_face_up=[], give=["soy"], want={"red": 1}
    ),
    TradeAccepted: TradeAccepted(
        trade_id=1, seat=2, give_hand=[0, 3], give_face_up=[], to_accepter=["red"], to_proposer=["soy", "soy"]
    ),
    TradeCancelled: TradeCancelled(trade_id=1, reason="stale"),
    TradingEnded: TradingEnded(seat=0, kept=["blue"]),
    FieldHarvested: FieldHarvested(seat=1, field=0, bean="red", count=3, coins=2),
    FieldBought: FieldBought(seat=1, paid=["red", "red", "red"]),
    CardsDrawn: CardsDrawn(seat=0, count=3, cards=["blue", "red", "soy"]),
    DeckReshuffled: DeckReshuffled(exhaustions=1, size=30),
    DeckExhausted: DeckExhausted(exhaustions=3),
    TurnStarted: TurnStarted(seat=1),
    GameFinished: GameFinished(coins=[1, 2, 3], winners=[2]),
}
HIDDEN: dict[type[Any], Callable[[Any], bool]] = {
    # the owner's secret is gone, the public part stays
    CardsDealt: lambda e: e.hands[0] == [] and e.hand_sizes == [1, 1, 1],
    CardsDrawn: lambda e: e.cards == [] and e.count == 3,
    TradeProposed: lambda e: e.give_hand == [] and e.give == ["soy"],
    TradeAccepted: lambda e: e.give_hand == [] and e.to_proposer == ["soy", "soy"],
}
OWNER: dict[type[Any], int] = {CardsDealt: 0, CardsDrawn: 0, TradeProposed: 1, TradeAccepted: 2}


def test_every_event_type_has_a_sample() -> None:
    assert set(SAMPLES) == set(EVENT_TYPES)


@pytest.mark.parametrize("kind", EVENT_TYPES, ids=lambda k: k.__name__)
def test_redaction_for_another_seat(kind: type[Any]) -> None:
    event = SAMPLES[kind]
    assert redact(event, EVERYONE) == event
    if kind not in HIDDEN:
        for viewer in (seat_viewer(0), seat_viewer(1), SPECTATOR):
            assert redact(event, viewer) is event
        return
    owner = OWNER[kind]
    other = (owner + 1) % 3
    if kind is not CardsDealt:
        assert redact(event, seat_viewer(owner)) == event
    assert HIDDEN[kind](redact(event, seat_viewer(other)))
    assert HIDDEN[kind](redact(event, SPECTATOR))


def test_a_dealt_hand_is_shown_to_its_owner_only() -> None:
    shown: Any = redact(SAMPLES[CardsDealt], seat_viewer(1))
    assert shown.hands == [[], ["red"], []]
    assert shown.hand_sizes == [1, 1, 1]


def test_shuffles_are_hidden_until_the_end_and_shown_after() -> None:
    game = Game(GAME, 3)
    game.start()
    shuffled = next(e for e in game.events if isinstance(e, DeckShuffled))
    assert tables.redact(GAME, game.table, shuffled, seat_viewer(0)).order == []
    game.play_out()
    assert tables.redact(GAME, game.table, shuffled, seat_viewer(0)).order == shuffled.order
    drawn = next(e for e in game.events if isinstance(e, CardsDrawn) and e.seat == 0)
    assert tables.redact(GAME, game.table, drawn, seat_viewer(1)) == drawn
