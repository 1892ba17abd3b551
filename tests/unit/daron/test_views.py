"""Views (hands private, sizes public) and the redaction of every event type for another seat."""

import msgspec

from domain.games.daron import GAME
from domain.games.daron.commands import Brawl, Draw, Duel
from domain.games.daron.events import (
    EVENT_TYPES,
    BrawlJoined,
    BrawlLost,
    BrawlStarted,
    CardsDealt,
    CardsDeposited,
    CardsDrawn,
    DirectionReversed,
    DuelLost,
    DuelRiposted,
    DuelStarted,
    Event,
    Passed,
    RoundBlocked,
    RoundWon,
    TurnStarted,
)
from domain.games.daron.views import redact, view
from domain.kernel import table as tables
from domain.kernel.events import DeckShuffled
from domain.kernel.viewer import EVERYONE, SPECTATOR, seat_viewer
from tests.unit.daron.positions import play, position
from tests.unit.harness import Game

FIELDS = {
    "hand",
    "hand_sizes",
    "top",
    "discard_size",
    "draw_size",
    "direction",
    "to_act",
    "duel",
    "brawl",
    "round",
    "scores",
}


def test_view_has_the_fields_of_the_rules_and_shows_only_the_own_hand() -> None:
    state = position([["3", "4", "daron"], ["6", "6"], ["7", "7"]], top="5", under=["2"], draw=["8", "9"])
    seen = msgspec.to_builtins(view(state, seat_viewer(0)))
    assert set(seen) >= FIELDS
    assert seen["hand"] == ["3", "4", "daron"]
    assert seen["hands"] is None
    assert seen["hand_sizes"] == [3, 2, 2]
    assert seen["top"] == 5
    assert seen["discard_size"] == 2
    assert seen["draw_size"] == 2
    assert seen["direction"] == 1
    assert seen["to_act"] == 0
    assert seen["duel"] is None and seen["brawl"] is None
    assert seen["round"] == 1
    assert seen["scores"] == [0, 0, 0]
    assert msgspec.to_builtins(view(state, SPECTATOR))["hand"] == []
    assert msgspec.to_builtins(view(state, EVERYONE))["hands"] == state.hands


def test_view_of_a_duel_and_a_brawl() -> None:
    state = position([["+2", "daron", "daron", "3"], ["6", "6"]], top="5")
    _, dueled = play(state, 0, Duel(card="+2"))
    assert msgspec.to_builtins(view(dueled, SPECTATOR))["duel"] == {
        "attacker": 0,
        "defender": 1,
        "amount": 2,
        "to_answer": 1,
    }
    assert msgspec.to_builtins(view(dueled, SPECTATOR))["duel_pile"] == ["+2"]
    _, brawled = play(state, 0, Brawl(count=2))
    assert msgspec.to_builtins(view(brawled, SPECTATOR))["brawl"] == {"count": 2, "to_answer": 1, "initiator": 0}


def test_dealt_hands_are_redacted_to_the_viewers_own() -> None:
    dealt = CardsDealt(round=1, first=0, hands=[["1", "2"], ["3", "4"]], hand_sizes=[7, 7], top="5", returned=["x2"])
    assert redact(dealt, seat_viewer(1)) == CardsDealt(
        round=1, first=0, hands=[[], ["3", "4"]], hand_sizes=[7, 7], top="5", returned=["x2"]
    )
    assert redact(dealt, SPECTATOR) == CardsDealt(
        round=1, first=0, hands=[[], []], hand_sizes=[7, 7], top="5", returned=["x2"]
    )
    assert redact(dealt, EVERYONE) == dealt


def test_drawn_cards_are_hidden_from_everyone_but_the_drawer() -> None:
    drawn = CardsDrawn(seat=0, count=2, cards=["7", "joker_odd"], reason="duel")
    assert redact(drawn, seat_viewer(1)) == CardsDrawn(seat=0, count=2, cards=[], reason="duel")
    assert redact(drawn, SPECTATOR) == CardsDrawn(seat=0, count=2, cards=[], reason="duel")
    assert redact(drawn, seat_viewer(0)) == drawn
    assert redact(drawn, EVERYONE) == drawn


def test_public_events_pass_unchanged() -> None:
    public: list[Event] = [
        TurnStarted(seat=1, extra=True),
        CardsDeposited(seat=0, cards=["joker_odd", "8"], top=8),
        DirectionReversed(seat=0, direction=-1),
        Passed(seat=0),
        DuelStarted(attacker=0, defender=1, card="+2", amount=2),
        DuelRiposted(seat=1, card="x2", amount=4),
        DuelLost(seat=0, amount=4),
        BrawlStarted(seat=0, count=1),
        BrawlJoined(seat=1, count=2, total=3),
        BrawlLost(seat=2, total=3, amount=6),
        RoundWon(round=1, seat=0, points=12, hand_points=[0, 7, 3], totals=[12, 0, 0], last=False),
        RoundBlocked(round=2, totals=[12, 0, 0], last=False),
    ]
    hidden = {CardsDealt, CardsDrawn}
    assert {type(e) for e in public} | hidden == set(EVENT_TYPES)
    for event in public:
        assert redact(event, seat_viewer(2)) == event
        assert redact(event, SPECTATOR) == event


def test_the_table_hides_the_shuffle_and_other_hands_until_the_end() -> None:
    game = Game(GAME, 3)
    game.start()
    seat = game.state.to_act
    game.play(seat, Draw())
    other = seat_viewer((seat + 1) % 3)
    for event in game.events:
        seen = tables.redact(GAME, game.table, event, other)
        if isinstance(event, DeckShuffled):
            assert seen.order == [] and seen.source == []
        if isinstance(event, CardsDrawn):
            assert seen.cards == []
    game.play_out()
    drawn = next(e for e in game.events if isinstance(e, CardsDrawn) and e.count)
    assert tables.redact(GAME, game.table, drawn, SPECTATOR) == drawn
    assert msgspec.to_builtins(tables.view(GAME, game.table, SPECTATOR))["state"]["hands"] is not None
