"""What each seat, a spectator and everyone (after the end) may see; redaction of every event type."""

from __future__ import annotations

import msgspec
import pytest

from domain.games.barbu import GAME
from domain.games.barbu.commands import ChooseContract, PlayCard
from domain.games.barbu.events import (
    EVENT_TYPES,
    CardPlayed,
    CardsDealt,
    ContractChosen,
    Event,
    ExtraPlayOffered,
    Passed,
    RoundScored,
    TrickWon,
    WentOut,
)
from domain.kernel.events import DeckShuffled
from domain.kernel.viewer import EVERYONE, SPECTATOR, seat_viewer
from tests.unit.barbu.positions import act, position
from tests.unit.harness import Game

RULES_FIELDS = {
    "hand",
    "hand_sizes",
    "removed",
    "chooser",
    "contract",
    "contracts_left",
    "trick",
    "tricks_won",
    "lines",
    "round_points",
    "phase",
}
HANDS = [["2C", "9C", "3H"], ["5C", "AD", "4H"], ["JC", "3D", "QH"]]


def test_the_view_has_every_field_of_the_rules() -> None:
    game = Game(GAME, 5)
    game.start()
    shown = msgspec.to_builtins(GAME.view(game.state, seat_viewer(1)))
    assert set(shown) >= RULES_FIELDS
    assert shown["phase"] == "choose_contract"
    assert shown["contract"] is None
    assert shown["hand"] == game.state.hands[1]
    assert shown["hand_sizes"] == [10] * 5
    assert len(shown["removed"]) == 2
    assert shown["contracts_left"] == [list(c) for c in game.state.contracts_left]
    assert shown["rounds"] == 35


def test_a_seat_sees_its_own_hand_only() -> None:
    state = position(HANDS, "tricks")
    assert msgspec.to_builtins(GAME.view(state, seat_viewer(2)))["hand"] == ["JC", "3D", "QH"]
    assert msgspec.to_builtins(GAME.view(state, seat_viewer(2)))["hands"] is None
    assert msgspec.to_builtins(GAME.view(state, SPECTATOR))["hand"] == []
    assert msgspec.to_builtins(GAME.view(state, SPECTATOR))["hands"] is None
    assert msgspec.to_builtins(GAME.view(state, EVERYONE))["hands"] == HANDS


def test_removed_cards_are_shown_to_everyone() -> None:
    state = position(HANDS, "tricks", removed=["KS"])
    assert msgspec.to_builtins(GAME.view(state, SPECTATOR))["removed"] == ["KS"]
    assert msgspec.to_builtins(GAME.view(state, seat_viewer(0)))["removed"] == ["KS"]


def test_the_trick_on_the_table_and_tricks_won() -> None:
    state = position(HANDS, "tricks")
    _, state = act(state, 0, PlayCard(card="2C"))
    _, state = act(state, 1, PlayCard(card="5C"))
    shown = msgspec.to_builtins(GAME.view(state, SPECTATOR))
    assert shown["trick"] == [{"seat": 0, "card": "2C"}, {"seat": 1, "card": "5C"}]
    assert shown["turn"] == 2
    _, state = act(state, 2, PlayCard(card="JC"))
    shown = msgspec.to_builtins(GAME.view(state, SPECTATOR))
    assert shown["trick"] == []
    assert shown["last_trick"][-1] == {"seat": 2, "card": "JC"}
    assert shown["tricks_won"] == [0, 0, 1]
    assert shown["round_points"] == [0, 0, 10]


def test_reussite_lines_show_low_and_high_ranks() -> None:
    state = position(HANDS, "reussite", opening=11, lines={"S": (10, 12), "H": (11, 14)})
    shown = msgspec.to_builtins(GAME.view(state, SPECTATOR))
    assert shown["lines"] == {"H": ["J", "A"], "S": ["10", "Q"]}
    assert shown["opening_rank"] == "J"
    assert shown["contract"] == "reussite"


def test_the_phase_after_the_last_round_is_finished() -> None:
    game = Game(GAME, 3, {"max_rounds": 1})
    game.play_out("random")
    shown = msgspec.to_builtins(GAME.view(game.state, EVERYONE))
    assert shown["phase"] == "finished"
    assert shown["turn"] is None


def test_cards_dealt_shows_each_seat_its_own_hand_only() -> None:
    dealt = CardsDealt(round=1, chooser=0, hands=HANDS, removed=["KS"], hand_sizes=[3, 3, 3])
    for_one = GAME.redact(position(HANDS), dealt, seat_viewer(1))
    assert isinstance(for_one, CardsDealt)
    assert for_one.hands == [[], HANDS[1], []]
    assert for_one.removed == ["KS"] and for_one.hand_sizes == [3, 3, 3]
    for_nobody = GAME.redact(position(HANDS), dealt, SPECTATOR)
    assert isinstance(for_nobody, CardsDealt) and for_nobody.hands == [[], [], []]
    assert GAME.redact(position(HANDS), dealt, EVERYONE) == dealt


def test_deck_shuffled_hides_the_order_until_the_end() -> None:
    shuffled = DeckShuffled(label="shuffle:0", size=2, source=["2C", "3C"], order=["3C", "2C"])
    hidden = GAME.redact(position(HANDS), shuffled, seat_viewer(0))
    assert hidden == DeckShuffled(label="shuffle:0", size=2)
    assert GAME.redact(position(HANDS), shuffled, EVERYONE) == shuffled


PUBLIC = [
    ContractChosen(round=1, seat=0, contract="queens"),
    CardPlayed(seat=1, card="QS"),
    TrickWon(seat=1, trick=1, cards=["2C", "QS", "3C"], points=25),
    ExtraPlayOffered(seat=2),
    Passed(seat=0),
    WentOut(seat=2, place=1, points=-100),
    RoundScored(round=1, contract="queens", points=[0, 25, 0], totals=[0, 25, 0], reason="all_played", last=False),
]


def test_every_event_type_is_covered() -> None:
    assert {type(e) for e in PUBLIC} | {CardsDealt} == set(EVENT_TYPES)


@pytest.mark.parametrize("event", PUBLIC, ids=lambda e: type(e).__name__)
def test_public_events_pass_unchanged_to_another_seat(event: Event) -> None:
    assert GAME.redact(position(HANDS), event, seat_viewer(0)) == event
    assert GAME.redact(position(HANDS), event, SPECTATOR) == event


def test_redacted_game_events_never_leak_another_hand() -> None:
    game = Game(GAME, 4, {"max_rounds": 2})
    game.play_out("random")
    for event in game.events:
        if isinstance(event, CardsDealt):
            shown = GAME.redact(game.state, event, seat_viewer(3))
            assert isinstance(shown, CardsDealt)
            assert [bool(h) for h in shown.hands] == [False, False, False, True]


def test_a_chosen_contract_shows_in_the_view() -> None:
    _, state = act(position(HANDS), 0, ChooseContract(contract="hearts"))
    shown = msgspec.to_builtins(GAME.view(state, SPECTATOR))
    assert shown["contract"] == "hearts"
    assert "hearts" not in shown["contracts_left"][0]
    assert shown["phase"] == "play"
