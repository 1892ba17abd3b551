"""Trick play: following suit, the first-trick hearts ban, the winner, the order of play."""

from __future__ import annotations

import pytest

from domain.games.barbu.commands import Pass, PlayCard
from domain.games.barbu.events import CardPlayed, TrickWon
from domain.games.barbu.legal import legal_moves
from domain.games.barbu.state import State
from tests.unit.barbu.positions import act, position, refused

HANDS = [
    ["2C", "9C", "3H", "KS"],
    ["5C", "AD", "4H", "2S"],
    ["JC", "3D", "QH", "5S"],
    ["2D", "7D", "AH", "9S"],
]
BANNING = ["king_of_hearts", "queens", "hearts", "salad"]


def play_all(state: State, plays: list[tuple[int, str]]) -> State:
    for seat, card in plays:
        _, state = act(state, seat, PlayCard(card=card))
    return state


def legal_cards(state: State, seat: int) -> list[str]:
    return [m.card for m in legal_moves(state, seat) if isinstance(m, PlayCard)]


def test_must_follow_the_led_suit_when_able() -> None:
    state = play_all(position(HANDS, "tricks"), [(0, "2C")])
    refused(state, 1, PlayCard(card="AD"), "must_follow_suit")
    assert legal_cards(state, 1) == ["5C"]


def test_a_player_void_in_the_led_suit_plays_any_card() -> None:
    state = play_all(position(HANDS, "tricks"), [(0, "2C"), (1, "5C"), (2, "JC")])
    assert legal_cards(state, 3) == HANDS[3]
    events, _ = act(state, 3, PlayCard(card="AH"))
    assert events[0] == CardPlayed(seat=3, card="AH")


def test_highest_card_of_the_led_suit_wins_and_a_discard_never_does() -> None:
    state = play_all(position(HANDS, "tricks"), [(0, "2C"), (1, "5C"), (2, "JC")])
    events, after = act(state, 3, PlayCard(card="AH"))
    assert events[1] == TrickWon(seat=2, trick=1, cards=["2C", "5C", "JC", "AH"], points=10)
    assert after.turn == 2
    assert after.tricks_won == [0, 0, 1, 0]
    assert after.last_trick == [(0, "2C"), (1, "5C"), (2, "JC"), (3, "AH")]


def test_the_leader_wins_when_nobody_follows() -> None:
    hands = [["2S", "3C"], ["AD", "4C"], ["KD", "5C"], ["QD", "6C"]]
    state = position(hands, "tricks")
    state = play_all(state, [(0, "2S"), (1, "AD"), (2, "KD")])
    events, _ = act(state, 3, PlayCard(card="QD"))
    assert isinstance(events[1], TrickWon) and events[1].seat == 0


def test_play_goes_to_the_left_from_the_leader_wrapping_round() -> None:
    state = position(HANDS, "tricks", chooser=2)
    assert state.turn == 2
    for expected in (3, 0, 1):
        seat = state.turn
        _, state = act(state, seat, PlayCard(card=legal_cards(state, seat)[0]))
        assert state.turn == expected


def test_playing_out_of_turn_is_refused() -> None:
    refused(position(HANDS, "tricks"), 1, PlayCard(card="5C"), "not_your_turn")


def test_a_card_not_held_is_refused() -> None:
    refused(position(HANDS, "tricks"), 0, PlayCard(card="AS"), "card_not_in_hand")
    refused(position(HANDS, "tricks"), 0, PlayCard(card="ZZ"), "card_not_in_hand")


def test_pass_is_refused_in_a_trick_contract() -> None:
    refused(position(HANDS, "tricks"), 0, Pass(), "pass_not_allowed")


@pytest.mark.parametrize("contract", BANNING)
def test_no_heart_may_be_led_in_the_first_trick(contract: str) -> None:
    state = position(HANDS, contract)
    refused(state, 0, PlayCard(card="3H"), "hearts_banned")
    assert "3H" not in legal_cards(state, 0)


@pytest.mark.parametrize("contract", BANNING)
def test_no_heart_may_be_discarded_in_the_first_trick(contract: str) -> None:
    hands = [["2S", "3C"], ["4H", "2D"], ["5S", "6C"], ["6S", "7C"]]
    state = play_all(position(hands, contract), [(0, "2S")])
    refused(state, 1, PlayCard(card="4H"), "hearts_banned")
    assert legal_cards(state, 1) == ["2D"]


@pytest.mark.parametrize("contract", BANNING)
def test_a_player_holding_only_hearts_may_lead_or_discard_one(contract: str) -> None:
    hands = [["2H", "3H"], ["4H", "5H"], ["6S", "7C"], ["8S", "9C"]]
    state = position(hands, contract)
    assert legal_cards(state, 0) == ["2H", "3H"]
    state = play_all(position(hands, contract, chooser=2), [(2, "6S"), (3, "8S")])
    assert legal_cards(state, 0) == ["2H", "3H"]
    events, _ = act(state, 0, PlayCard(card="3H"))
    assert events[0] == CardPlayed(seat=0, card="3H")


@pytest.mark.parametrize("contract", BANNING)
def test_a_heart_lead_in_the_first_trick_is_followed_with_hearts(contract: str) -> None:
    hands = [["2H", "3H"], ["4H", "5C"], ["6S", "7C"], ["8S", "9C"]]
    state = play_all(position(hands, contract), [(0, "2H")])
    assert legal_cards(state, 1) == ["4H"]
    refused(state, 1, PlayCard(card="5C"), "must_follow_suit")


def test_a_heart_on_a_heart_lead_in_the_first_trick_of_hearts_is_played() -> None:
    # following suit comes first: the ban never refuses a heart that follows a heart lead, though the seat holds
    # another suit (a rule that forgot `led == HEARTS` in `breaks_hearts_ban` refused this very card)
    hands = [["2H", "3H"], ["4H", "5C"], ["6S", "7C"], ["8S", "9C"]]
    state = play_all(position(hands, "hearts"), [(0, "2H")])
    events, after = act(state, 1, PlayCard(card="4H"))
    assert events == [CardPlayed(seat=1, card="4H")]
    assert after.trick == [(0, "2H"), (1, "4H")]


@pytest.mark.parametrize("contract", ["tricks", "last_trick"])
def test_hearts_are_free_in_the_first_trick_of_the_other_contracts(contract: str) -> None:
    state = position(HANDS, contract)
    assert "3H" in legal_cards(state, 0)
    events, _ = act(state, 0, PlayCard(card="3H"))
    assert events[0] == CardPlayed(seat=0, card="3H")


def test_the_ban_lasts_only_the_first_trick() -> None:
    state = play_all(position(HANDS, "hearts"), [(0, "2C"), (1, "5C"), (2, "JC"), (3, "2D")])
    assert state.turn == 2
    assert "QH" in legal_cards(state, 2)
    events, _ = act(state, 2, PlayCard(card="QH"))
    assert events[0] == CardPlayed(seat=2, card="QH")


def test_legal_moves_are_exactly_the_cards_decide_accepts() -> None:
    state = play_all(position(HANDS, "queens"), [(0, "2C"), (1, "5C")])
    for seat in range(4):
        for card in HANDS[seat]:
            try:
                act(state, seat, PlayCard(card=card))
                accepted = True
            except Exception:
                accepted = False
            assert accepted == (seat == state.turn and card in legal_cards(state, seat))
