"""Choosing contracts: the chooser, its rotation, each contract once per seat, the game's length."""

from __future__ import annotations

from collections import Counter

import pytest
from msgspec.structs import replace

from domain.games.barbu import GAME
from domain.games.barbu.commands import ChooseContract, Pass, PlayCard
from domain.games.barbu.contracts import CONTRACTS
from domain.games.barbu.events import CardsDealt, ContractChosen, RoundScored
from domain.games.barbu.options import Options
from tests.unit.barbu.positions import act, position, refused, types
from tests.unit.harness import Game, assert_replay_equals_live

HANDS = [["2C", "KH"], ["3C", "QS"], ["4C", "AH"], ["5C", "2H"]]


def test_seat_zero_chooses_first_among_all_seven() -> None:
    game = Game(GAME, 4)
    game.start()
    assert game.state.phase == "choose_contract"
    assert game.state.chooser == 0
    assert GAME.awaiting(game.state) == [0]
    assert GAME.legal_moves(game.state, 0) == [ChooseContract(contract=c) for c in CONTRACTS]
    assert GAME.legal_moves(game.state, 1) == []


def test_choosing_starts_play_with_the_chooser_leading() -> None:
    state = position(HANDS, chooser=2)
    events, after = act(state, 2, ChooseContract(contract="tricks"))
    assert events == [ContractChosen(round=1, seat=2, contract="tricks")]
    assert after.phase == "play"
    assert after.contract == "tricks"
    assert after.turn == 2
    assert "tricks" not in after.contracts_left[2]
    assert after.contracts_left[0] == list(CONTRACTS)


def test_only_the_chooser_chooses() -> None:
    refused(position(HANDS, chooser=1), 0, ChooseContract(contract="tricks"), "not_your_turn")


def test_a_contract_already_chosen_is_refused() -> None:
    state = position(HANDS, chooser=1)
    left = [list(CONTRACTS) for _ in range(4)]
    left[1] = [c for c in CONTRACTS if c != "queens"]
    state = replace(state, contracts_left=left)
    refused(state, 1, ChooseContract(contract="queens"), "contract_already_chosen")


@pytest.mark.parametrize("contract", ["poker", "", "QUEENS"])
def test_an_unknown_contract_is_refused(contract: str) -> None:
    refused(position(HANDS), 0, ChooseContract(contract=contract), "contract_not_in_play")


def test_a_contract_left_out_by_the_options_is_refused() -> None:
    state = position(HANDS, options=Options(contracts=["tricks", "reussite"]))
    assert state.contracts_left[0] == ["tricks", "reussite"]
    refused(state, 0, ChooseContract(contract="queens"), "contract_not_in_play")


def test_playing_before_the_choice_is_refused() -> None:
    refused(position(HANDS), 0, PlayCard(card="2C"), "wrong_phase")
    refused(position(HANDS), 0, Pass(), "wrong_phase")


def test_choosing_during_play_is_refused() -> None:
    refused(position(HANDS, contract="tricks"), 0, ChooseContract(contract="queens"), "wrong_phase")


def test_a_contract_whose_cards_were_all_removed_ends_at_once() -> None:
    # KH lies among the cards removed face up: nothing can score, the round is over as soon as it is chosen
    hands = [["2C", "3C"], ["4C", "5C"], ["6C", "7C"]]
    state = position(hands, removed=["KH"])
    events, after = act(state, 0, ChooseContract(contract="king_of_hearts"))
    scored = events[1]
    assert isinstance(scored, RoundScored)
    assert scored.reason == "early_end"
    assert scored.points == [0, 0, 0]
    assert after.round == 2 and after.chooser == 1


def test_a_king_round_whose_king_was_removed_ends_at_once_whatever_early_end_says() -> None:
    # rules version 2: the king's contract always ends once nothing of it can score, as with `early_end`
    hands = [["2C", "3C"], ["4C", "5C"], ["6C", "7C"]]
    state = position(hands, removed=["KH"], options=Options(early_end=False))
    events, after = act(state, 0, ChooseContract(contract="king_of_hearts"))
    scored = events[1]
    assert isinstance(scored, RoundScored) and scored.reason == "early_end"
    assert after.round == 2


def test_under_rules_1_without_early_end_such_a_round_is_played_out() -> None:
    hands = [["2C", "3C"], ["4C", "5C"], ["6C", "7C"]]
    state = position(hands, removed=["KH"], options=Options(early_end=False), rules=1)
    events, after = act(state, 0, ChooseContract(contract="king_of_hearts"))
    assert types(events) == ["ContractChosen"]
    assert after.phase == "play"


def test_without_early_end_a_queens_round_with_no_queen_in_play_is_played_out() -> None:
    hands = [["2C", "3C"], ["4C", "5C"], ["6C", "7C"]]
    state = position(hands, removed=["QC", "QD", "QH", "QS"], options=Options(early_end=False))
    events, after = act(state, 0, ChooseContract(contract="queens"))
    assert types(events) == ["ContractChosen"]
    assert after.phase == "play"


def _full_game(players: int, options: dict[str, object] | None = None) -> Game:
    game = Game(GAME, players, options)
    game.play_out("random")
    assert_replay_equals_live(game)
    return game


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_chooser_rotates_and_everyone_chooses_each_contract_once(players: int) -> None:
    game = _full_game(players)
    choosers = [e.chooser for e in game.events if isinstance(e, CardsDealt)]
    assert choosers == [r % players for r in range(players * 7)]
    chosen = Counter((e.seat, e.contract) for e in game.events if isinstance(e, ContractChosen))
    assert chosen == Counter({(s, c): 1 for s in range(players) for c in CONTRACTS})
    scored = [e for e in game.events if isinstance(e, RoundScored)]
    assert len(scored) == players * 7
    assert [e.last for e in scored] == [False] * (players * 7 - 1) + [True]


def test_the_game_lasts_players_times_contracts_in_play() -> None:
    game = _full_game(3, {"contracts": ["salad", "reussite"]})
    chosen = [(e.seat, e.contract) for e in game.events if isinstance(e, ContractChosen)]
    assert len(chosen) == 6
    assert set(chosen) == {(s, c) for s in range(3) for c in ("salad", "reussite")}


def test_max_rounds_cuts_the_game_short() -> None:
    game = _full_game(5, {"max_rounds": 4})
    assert sum(isinstance(e, RoundScored) for e in game.events) == 4
    assert game.table.status == "finished"
