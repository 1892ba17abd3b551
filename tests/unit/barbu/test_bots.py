"""Bots: the random bot finishes every game from legal moves alone; the smart bot beats it clearly."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from domain.games.barbu import GAME
from domain.games.barbu.cards import DECK
from domain.games.barbu.commands import ChooseContract, PlayCard
from domain.games.barbu.options import Options
from domain.kernel.bots import bot_label
from domain.kernel.shuffle import Draws
from tests.unit.barbu.positions import act, position
from tests.unit.harness import Game, assert_replay_equals_live

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"early_end": False},
    {"contracts": ["reussite"]},
    {"contracts": ["king_of_hearts", "queens", "hearts"], "early_end": True},
    {"contracts": ["tricks", "last_trick", "salad"], "max_rounds": 4},
]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_bots_finish_every_game(players: int, options: dict[str, Any]) -> None:
    for i in range(2):
        game = Game(GAME, players, options, seed=hashlib.sha256(f"random:{players}:{i}".encode()).digest())
        game.play_out("random")
        assert game.table.status == "finished"
        assert_replay_equals_live(game)


@pytest.mark.parametrize("players", [3, 6])
def test_smart_bots_finish_their_games_with_legal_moves(players: int) -> None:
    game = Game(GAME, players, {"contracts": ["salad", "reussite", "king_of_hearts"]})
    game.start()
    while game.table.status == "active":
        seat = GAME.awaiting(game.state)[0]
        command = GAME.bot_move(game.state, seat, "smart", Draws(game.seed, bot_label(seat, game.table.version)))
        assert command in GAME.legal_moves(game.state, seat)
        game.play(seat, command)
    assert_replay_equals_live(game)


def test_bots_are_deterministic_for_their_draws() -> None:
    game = Game(GAME, 4)
    game.start()
    moves = {GAME.bot_move(game.state, 0, "random", Draws(game.seed, bot_label(0, 7))) for _ in range(3)}
    assert len(moves) == 1


def test_smart_dumps_the_king_of_hearts_when_void() -> None:
    hands = [["2C", "3C"], ["KH", "AD"], ["4C", "5C"]]
    state = position(hands, "king_of_hearts", tricks_played=1)
    _, state = act(state, 0, PlayCard(card="2C"))
    assert GAME.bot_move(state, 1, "smart", Draws(b"", "x")) == PlayCard(card="KH")


def test_smart_ducks_under_the_winning_card() -> None:
    hands = [["9S", "3C"], ["2S", "10S", "AS"], ["4C", "5C"]]
    state = position(hands, "tricks", tricks_played=1)
    _, state = act(state, 0, PlayCard(card="9S"))
    assert GAME.bot_move(state, 1, "smart", Draws(b"", "x")) == PlayCard(card="2S")


def test_smart_takes_a_contract_whose_cards_were_removed() -> None:
    cards = [c for c in DECK if c != "KH"]
    no_salad = Options(contracts=["king_of_hearts", "queens", "hearts", "tricks", "last_trick", "reussite"])
    state = position([cards[seat::3] for seat in range(3)], removed=["KH"], options=no_salad)
    assert GAME.bot_move(state, 0, "smart", Draws(b"", "x")) == ChooseContract(contract="king_of_hearts")


def play_mixed(players: int, seed: bytes, smart_seat: int) -> list[int]:
    game = Game(GAME, players, seed=seed)
    game.start()
    while game.table.status == "active":
        seat = GAME.awaiting(game.state)[0]
        level = "smart" if seat == smart_seat else "random"
        game.play(seat, GAME.bot_move(game.state, seat, level, Draws(game.seed, bot_label(seat, game.table.version))))
    winners: list[int] = game.table.winners
    return winners


def test_smart_wins_clearly_more_often_than_random() -> None:
    games, smart_wins, random_wins, random_seats = 60, 0, 0, 0
    for i in range(games):
        players = 3 + i % 4
        smart_seat = (i // 4) % players
        winners = play_mixed(players, hashlib.sha256(f"smart:{i}".encode()).digest(), smart_seat)
        smart_wins += smart_seat in winners
        random_wins += sum(1 for w in winners if w != smart_seat)
        random_seats += players - 1
    smart_rate, random_rate = smart_wins / games, random_wins / random_seats
    assert smart_rate > random_rate + 0.4, (smart_rate, random_rate)
