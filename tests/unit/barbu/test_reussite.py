"""Réussite: the opening rank, suit lines, compulsory play, the ace's extra play, going out, the jam."""

from __future__ import annotations

from domain.games.barbu.commands import Pass, PlayCard
from domain.games.barbu.events import CardPlayed, ExtraPlayOffered, Passed, RoundScored, WentOut
from domain.games.barbu.legal import legal_moves
from domain.games.barbu.state import State
from tests.unit.barbu.positions import act, position, refused, types

FULL_LINES = dict.fromkeys("CDHS", (7, 7))


def lay(state: State, plays: list[tuple[int, str]]) -> tuple[list[object], State]:
    events: list[object] = []
    for seat, card in plays:
        new, state = act(state, seat, PlayCard(card=card) if card != "pass" else Pass())
        events += new
    return events, state


def legal_cards(state: State, seat: int) -> list[str]:
    return [m.card for m in legal_moves(state, seat) if isinstance(m, PlayCard)]


def test_seed_example_opening_with_a_jack() -> None:
    # "j'annonce une réussite au valet": after JS, the next may lay 10S or QS, or open another suit with a jack
    hands = [["JS", "2C"], ["JH", "9S", "10S", "QS", "QD"], ["3C", "4C"]]
    state = position(hands, "reussite")
    _events, state = lay(state, [(0, "JS")])
    assert state.opening == 11
    assert state.lines == {"S": (11, 11)}
    assert legal_cards(state, 1) == ["JH", "10S", "QS"]
    refused(state, 1, PlayCard(card="9S"), "card_does_not_fit")
    refused(state, 1, PlayCard(card="QD"), "card_does_not_fit")


def test_the_chooser_opens_with_any_card() -> None:
    hands = [["2C", "9D", "AS"], ["3C"], ["4C"]]
    state = position(hands, "reussite")
    assert legal_cards(state, 0) == ["2C", "9D", "AS"]
    assert Pass() not in legal_moves(state, 0)
    refused(state, 0, Pass(), "must_play")


def test_lines_grow_up_and_down() -> None:
    hands = [["8S", "5S", "2C"], ["6S", "9S", "3C"], ["7S", "4S", "4C"]]
    state = position(hands, "reussite", chooser=2)
    _, state = lay(state, [(2, "7S"), (0, "8S"), (1, "6S")])
    assert state.lines == {"S": (6, 8)}
    assert legal_moves(state, 2) == [Pass()]
    _, state = lay(state, [(2, "pass"), (0, "5S"), (1, "9S")])
    assert state.lines == {"S": (5, 9)}


def test_a_new_suit_opens_only_at_the_opening_rank() -> None:
    hands = [["7S", "2C"], ["7D", "8D", "6H"], ["3C", "4C"]]
    state = position(hands, "reussite")
    _, state = lay(state, [(0, "7S")])
    assert legal_cards(state, 1) == ["7D"]
    refused(state, 1, PlayCard(card="8D"), "card_does_not_fit")
    refused(state, 1, PlayCard(card="6H"), "card_does_not_fit")
    _, state = lay(state, [(1, "7D")])
    assert state.lines == {"S": (7, 7), "D": (7, 7)}


def test_a_line_ends_at_the_ace_and_at_the_two() -> None:
    hands = [["3H", "KH"], ["AH", "5C"], ["2H", "6C"]]
    state = position(hands, "reussite", opening=7, lines={"H": (3, 13), "S": (7, 7)}, turn=1)
    assert legal_cards(state, 1) == ["AH"]
    assert legal_cards(state, 2) == []  # 2H fits below 3H only once 3H is down
    state = position(hands, "reussite", opening=7, lines={"H": (4, 14)}, turn=0)
    assert legal_cards(state, 0) == ["3H"]


def test_pass_while_a_play_exists_is_refused() -> None:
    hands = [["7S", "2C"], ["6S", "3D"], ["3C", "4C"]]
    state = position(hands, "reussite")
    _, state = lay(state, [(0, "7S")])
    refused(state, 1, Pass(), "must_play")


def test_a_player_who_cannot_play_passes_and_play_goes_on() -> None:
    hands = [["7S", "2C"], ["3D", "4D"], ["6S", "4C"]]
    state = position(hands, "reussite")
    _, state = lay(state, [(0, "7S")])
    assert legal_moves(state, 1) == [Pass()]
    events, state = lay(state, [(1, "pass")])
    assert events == [Passed(seat=1)]
    assert state.turn == 2 and state.passes == 1
    _, state = lay(state, [(2, "6S")])
    assert state.passes == 0


def test_an_ace_lets_its_player_play_once_more() -> None:
    hands = [["AS", "7H", "2C"], ["3D", "4D"], ["5D", "6D"]]
    state = position(hands, "reussite", opening=7, lines={"S": (7, 13)}, turn=0)
    events, state = lay(state, [(0, "AS")])
    assert events == [CardPlayed(seat=0, card="AS"), ExtraPlayOffered(seat=0)]
    assert state.turn == 0 and state.extra_play
    assert legal_moves(state, 0) == [PlayCard(card="7H"), Pass()]
    refused(state, 0, PlayCard(card="2C"), "card_does_not_fit")
    events, state = lay(state, [(0, "7H")])
    assert types(events) == ["CardPlayed"]
    assert state.turn == 1 and not state.extra_play


def test_the_extra_play_may_be_declined_and_does_not_count_towards_a_jam() -> None:
    hands = [["AS", "7H", "2C"], ["3D", "4D"], ["5D", "6D"]]
    state = position(hands, "reussite", opening=7, lines={"S": (7, 13)}, turn=0)
    _, state = lay(state, [(0, "AS"), (0, "pass")])
    assert state.turn == 1 and state.passes == 0 and not state.extra_play
    events, state = lay(state, [(1, "pass"), (2, "pass")])
    assert not any(isinstance(e, RoundScored) for e in events)
    assert state.turn == 0
    refused(state, 0, Pass(), "must_play")


def test_after_an_ace_with_nothing_playable_the_only_move_is_pass() -> None:
    hands = [["AS", "2C", "3C"], ["3D", "4D"], ["5D", "6D"]]
    state = position(hands, "reussite", opening=7, lines={"S": (7, 13)}, turn=0)
    _, state = lay(state, [(0, "AS")])
    assert legal_moves(state, 0) == [Pass()]


def test_an_ace_as_the_last_card_goes_out_without_an_extra_play() -> None:
    hands = [["AS"], ["3D", "4D"], ["5D", "6D"]]
    state = position(hands, "reussite", opening=7, lines={"S": (7, 13)}, turn=0)
    events, state = lay(state, [(0, "AS")])
    assert events == [CardPlayed(seat=0, card="AS"), WentOut(seat=0, place=1, points=-100)]
    assert state.turn == 1 and state.out == [0]


def test_first_out_wins_100_second_50_and_the_round_ends() -> None:
    hands = [["8S"], ["6S", "2C"], ["9S", "3C"], ["5S"]]
    state = position(hands, "reussite", opening=7, lines={"S": (7, 7)}, turn=0)
    events, state = lay(state, [(0, "8S")])
    assert events[-1] == WentOut(seat=0, place=1, points=-100)
    assert state.turn == 1
    events, state = lay(state, [(1, "6S"), (2, "9S"), (3, "5S")])
    assert types(events)[:2] == ["CardPlayed", "CardPlayed"]
    result = next(e for e in events if isinstance(e, RoundScored))
    assert events[events.index(result) - 1] == WentOut(seat=3, place=2, points=-50)
    assert result.points == [-100, 0, 0, -50]
    assert result.reason == "two_out"
    assert state.round == 2 and state.phase == "choose_contract"


def test_a_player_out_is_skipped() -> None:
    hands = [[], ["6S", "2C"], ["3D"], ["4C"]]
    state = position(hands, "reussite", opening=7, lines={"S": (7, 7)}, turn=3, out=[0])
    _, state = lay(state, [(3, "pass")])
    assert state.turn == 1


def test_the_round_jams_when_every_holder_passes_in_a_row() -> None:
    # 6C lies among the removed cards: nobody can ever lay 5C, 4C, 3C or 2C
    hands = [["2C"], [], ["3C", "4C"]]
    state = position(hands, "reussite", opening=7, lines=FULL_LINES, turn=0, out=[1], round_points=[0, -100, 0])
    assert "6C" in state.removed
    events, state = lay(state, [(0, "pass")])
    assert events == [Passed(seat=0)]
    events, state = lay(state, [(2, "pass")])
    result = next(e for e in events if isinstance(e, RoundScored))
    assert result.reason == "jam"
    assert result.points == [0, -100, 0]


def test_a_card_laid_between_passes_breaks_the_jam() -> None:
    hands = [["2C", "8S"], ["3C"], ["4C"]]
    state = position(hands, "reussite", opening=7, lines=FULL_LINES, turn=1)
    _, state = lay(state, [(1, "pass"), (2, "pass")])
    assert state.passes == 2
    _, state = lay(state, [(0, "8S")])
    assert state.passes == 0
    events, state = lay(state, [(1, "pass"), (2, "pass")])
    assert not any(isinstance(e, RoundScored) for e in events)
    assert state.turn == 0 and state.passes == 2


def test_laying_out_of_turn_or_a_card_not_held_is_refused() -> None:
    hands = [["7S", "2C"], ["6S", "3D"], ["3C", "4C"]]
    state = position(hands, "reussite")
    refused(state, 1, PlayCard(card="6S"), "not_your_turn")
    refused(state, 1, Pass(), "not_your_turn")
    refused(state, 0, PlayCard(card="7H"), "card_not_in_hand")


def test_an_ace_laid_as_the_extra_play_grants_another() -> None:
    hands = [["AS", "AH", "7D", "2C"], ["3D", "4D"], ["5D", "6D"]]
    state = position(hands, "reussite", opening=7, lines={"S": (7, 13), "H": (7, 13)}, turn=0)
    events, state = lay(state, [(0, "AS"), (0, "AH")])
    assert events[-1] == ExtraPlayOffered(seat=0)
    assert legal_moves(state, 0) == [PlayCard(card="7D"), Pass()]
