"""Points of each contract, the seed's salad example, the early end, the round's score and the next deal."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.games.barbu.commands import PlayCard
from domain.games.barbu.events import CardsDealt, RoundScored, TrickWon
from domain.games.barbu.options import Options
from domain.games.barbu.scoring import trick_points
from domain.games.barbu.state import State
from tests.unit.barbu.positions import act, position, types


def play_all(state: State, plays: list[tuple[int, str]]) -> tuple[list[object], State]:
    events: list[object] = []
    for seat, card in plays:
        new, state = act(state, seat, PlayCard(card=card))
        events += new
    return events, state


def scored(events: list[object]) -> RoundScored:
    found = [e for e in events if isinstance(e, RoundScored)]
    assert len(found) == 1
    return found[0]


def won(events: list[object]) -> list[TrickWon]:
    return [e for e in events if isinstance(e, TrickWon)]


def test_seed_salad_example_last_trick_is_worth_155() -> None:
    assert trick_points("salad", ["3H", "QH", "10C", "4S"], last=True) == 155


def test_seed_salad_example_played_out() -> None:
    hands = [["3H"], ["QH"], ["10C"], ["4S"]]
    state = position(hands, "salad", tricks_played=12)
    events, _ = play_all(state, [(0, "3H"), (1, "QH"), (2, "10C"), (3, "4S")])
    assert won(events) == [TrickWon(seat=1, trick=13, cards=["3H", "QH", "10C", "4S"], points=155)]
    assert scored(events).points == [0, 155, 0, 0]


def test_king_of_hearts_costs_100_to_whoever_wins_it() -> None:
    hands = [["2S", "3C"], ["KH", "4C"], ["5S", "6C"], ["AS", "7C"]]
    state = position(hands, "king_of_hearts", tricks_played=1, options=Options(early_end=False))
    events, _ = play_all(state, [(0, "2S"), (1, "KH"), (2, "5S"), (3, "AS")])
    assert won(events)[0].points == 100 and won(events)[0].seat == 3


def test_queens_cost_25_each() -> None:
    assert trick_points("queens", ["QS", "QH", "KS", "2C"], last=False) == 50
    assert trick_points("queens", ["KS", "2C", "3C", "4C"], last=True) == 0


def test_hearts_cost_10_each() -> None:
    assert trick_points("hearts", ["QH", "2H", "KH", "QS"], last=False) == 30


def test_tricks_cost_10_each_whatever_they_hold() -> None:
    assert trick_points("tricks", ["2C", "3C", "4C", "5C"], last=False) == 10
    assert trick_points("tricks", ["KH", "QH", "QS", "AH"], last=True) == 10


def test_last_trick_costs_100_and_only_the_last() -> None:
    assert trick_points("last_trick", ["KH", "QH", "QS", "AH"], last=False) == 0
    assert trick_points("last_trick", ["2C", "3C", "4C", "5C"], last=True) == 100


def test_salad_counts_all_five_at_once() -> None:
    assert trick_points("salad", ["KH", "QS", "2C", "3C"], last=False) == 10 + 100 + 25 + 10
    assert trick_points("salad", ["2C", "3C", "4C", "5C"], last=False) == 10


def test_reussite_scores_no_trick() -> None:
    assert trick_points("reussite", ["KH", "QS", "2C", "3C"], last=True) == 0


def test_a_full_tricks_round_is_scored_and_the_next_round_dealt_to_the_left() -> None:
    hands = [["2C", "AS"], ["3C", "2S"], ["4C", "3S"], ["5C", "4S"]]
    state = position(hands, "tricks", chooser=0)
    events, after = play_all(state, [(0, "2C"), (1, "3C"), (2, "4C"), (3, "5C"), (3, "4S"), (0, "AS"), (1, "2S")])
    events2, after = act(after, 2, PlayCard(card="3S"))
    events += events2
    assert [w.seat for w in won(events)] == [3, 0]
    result = scored(events)
    assert result == RoundScored(
        round=1, contract="tricks", points=[10, 0, 0, 10], totals=[10, 0, 0, 10], reason="all_played", last=False
    )
    assert types(events2)[-2:] == ["DeckShuffled", "CardsDealt"]
    dealt = events2[-1]
    assert isinstance(dealt, CardsDealt) and dealt.round == 2 and dealt.chooser == 1
    assert after.phase == "choose_contract" and after.chooser == 1
    assert after.totals == [10, 0, 0, 10]


def test_the_next_chooser_is_to_the_left_whoever_won() -> None:
    hands = [["2C"], ["3C"], ["AC"], ["5C"]]
    state = position(hands, "last_trick", chooser=3)
    events, after = play_all(state, [(3, "5C"), (0, "2C"), (1, "3C"), (2, "AC")])
    assert scored(events).points == [0, 0, 100, 0]
    assert after.chooser == 0


def test_totals_accumulate_over_rounds() -> None:
    hands = [["2C"], ["3C"], ["AC"], ["5C"]]
    state = position(hands, "last_trick")
    state = replace(state, totals=[5, 6, 7, 8])
    events, _ = play_all(state, [(0, "2C"), (1, "3C"), (2, "AC"), (3, "5C")])
    assert scored(events).totals == [5, 6, 107, 8]


KING_HANDS = [["2H", "3C", "4C"], ["KH", "5C", "6C"], ["AH", "7C", "8C"], ["3H", "9C", "10C"]]


def test_king_of_hearts_ends_once_the_king_is_won() -> None:
    state = position(KING_HANDS, "king_of_hearts", tricks_played=1)
    events, after = play_all(state, [(0, "2H"), (1, "KH"), (2, "AH"), (3, "3H")])
    result = scored(events)
    assert result.reason == "early_end"
    assert result.points == [0, 0, 100, 0]
    assert after.round == 2


def test_king_of_hearts_ends_once_the_king_is_won_whatever_early_end_says() -> None:
    # rules/barbu.md (rules version 2): the contract "prend fin" once KH is won, the option notwithstanding
    state = position(KING_HANDS, "king_of_hearts", tricks_played=1, options=Options(early_end=False))
    assert state.rules == 2
    events, after = play_all(state, [(0, "2H"), (1, "KH"), (2, "AH"), (3, "3H")])
    result = scored(events)
    assert result.reason == "early_end"
    assert result.points == [0, 0, 100, 0]
    assert after.round == 2


def test_under_rules_1_without_early_end_the_king_round_is_played_out() -> None:
    # a game created before the rule changed is played on as it was: the option decided for the king too
    state = position(KING_HANDS, "king_of_hearts", tricks_played=1, options=Options(early_end=False), rules=1)
    events, after = play_all(state, [(0, "2H"), (1, "KH"), (2, "AH"), (3, "3H")])
    assert not any(isinstance(e, RoundScored) for e in events)
    assert after.phase == "play" and after.turn == 2


@pytest.mark.parametrize("rules", [1, 2])
def test_without_early_end_queens_are_played_out_under_either_rules(rules: int) -> None:
    # only the king's contract changed: queens (and hearts) still follow the option
    hands = [["QS", "2C"], ["QH", "3C"], ["AS", "4C"], ["2S", "5C"]]
    state = position(hands, "queens", tricks_played=1, options=Options(early_end=False), rules=rules)
    events, _ = play_all(state, [(0, "QS"), (1, "QH"), (2, "AS"), (3, "2S")])
    assert not any(isinstance(e, RoundScored) for e in events)


def test_queens_end_once_every_queen_in_play_is_won() -> None:
    # QC and QD were removed face up: winning QS and QH ends the round
    hands = [["QS", "2C"], ["QH", "3C"], ["AS", "4C"], ["2S", "5C"]]
    state = position(hands, "queens", tricks_played=1)
    assert "QC" in state.removed
    events, _ = play_all(state, [(0, "QS"), (1, "QH"), (2, "AS"), (3, "2S")])
    result = scored(events)
    assert result.reason == "early_end" and result.points == [0, 0, 50, 0]


def test_queens_go_on_while_a_queen_is_unplayed() -> None:
    hands = [["QS", "2C"], ["QH", "3C"], ["AS", "QC"], ["2S", "5C"]]
    state = position(hands, "queens", tricks_played=1)
    events, _ = play_all(state, [(0, "QS"), (1, "QH"), (2, "AS"), (3, "2S")])
    assert not any(isinstance(e, RoundScored) for e in events)


def test_hearts_end_once_every_heart_in_play_is_won() -> None:
    hands = [["2H", "2C"], ["3H", "3C"], ["AH", "4C"], ["2S", "5C"]]
    state = position(hands, "hearts", tricks_played=1)
    events, _ = play_all(state, [(0, "2H"), (1, "3H"), (2, "AH"), (3, "2S")])
    result = scored(events)
    assert result.reason == "early_end" and result.points == [0, 0, 30, 0]


@pytest.mark.parametrize("contract", ["tricks", "last_trick", "salad"])
def test_the_other_contracts_never_end_early(contract: str) -> None:
    hands = [["2H", "2C"], ["3H", "3C"], ["AH", "4C"], ["2S", "5C"]]
    state = position(hands, contract, tricks_played=1)
    events, _ = play_all(state, [(0, "2H"), (1, "3H"), (2, "AH"), (3, "2S")])
    assert not any(isinstance(e, RoundScored) for e in events)
