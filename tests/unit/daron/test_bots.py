"""Bots: `random` finishes every game from the legal moves alone; `smart` clearly beats it."""

import pytest

from domain.games.daron import GAME
from domain.games.daron.commands import Accept, Brawl, Command, Deposit, Pass, Riposte
from domain.games.daron.legal import legal_moves
from domain.games.daron.state import BrawlInPlay, DuelInPlay, State
from domain.kernel.bots import bot_label
from domain.kernel.shuffle import Draws
from tests.unit.daron.positions import position
from tests.unit.harness import Game, assert_replay_equals_live

NO_DRAWS = Draws(b"", "unused")  # the daron smart bot draws nothing
D = "daron"


def smart(state: State, seat: int) -> Command:
    """The smart bot's move, from what the kernel hands it: the seat's view and legal moves."""
    return GAME.bot_move(state, seat, "smart", NO_DRAWS)


@pytest.mark.parametrize("players", range(2, 9))
def test_random_bots_finish_every_game(players: int) -> None:
    for k in range(3):
        game = Game(GAME, players, seed=bytes([players, k]) * 16)
        game.play_out("random", max_steps=20_000)
        assert game.table.status == "finished"
        assert_replay_equals_live(game)


def test_bots_are_pure_and_seeded() -> None:
    game = Game(GAME, 3)
    game.start()
    seat = GAME.awaiting(game.state)[0]
    first = GAME.bot_move(game.state, seat, "random", Draws(game.seed, bot_label(seat, 7)))
    again = GAME.bot_move(game.state, seat, "random", Draws(game.seed, bot_label(seat, 7)))
    assert first == again
    assert first in legal_moves(game.state, seat)


def test_smart_goes_out_when_it_can() -> None:
    state = position([["4", "6"], ["3", "3"]], top="5")
    move = smart(state, 0)
    assert isinstance(move, Deposit) and sorted(move.cards) == ["4", "6"]


def test_smart_answers_a_duel_with_the_cheapest_riposte_and_accepts_otherwise() -> None:
    duel = DuelInPlay(attacker=0, defender=1, amount=2, to_answer=1)
    state = position([["3", "3"], ["+3", "+5", "x2", "7"]], top="5", duel=duel)
    assert smart(state, 1) == Riposte(card="+3")
    beaten = position([["3", "3"], ["+2", "7", "7"]], top="5", duel=duel)
    assert smart(beaten, 1) == Accept()


def test_smart_joins_a_brawl_one_card_at_a_time() -> None:
    brawl = BrawlInPlay(initiator=0, count=1, to_answer=1)
    state = position([["3", "3"], [D, D, "7"]], top="5", brawl=brawl)
    assert smart(state, 1) == Brawl(count=1)


def test_smart_passes_after_a_useless_draw() -> None:
    state = position([["8", "8", D], ["3", "3"]], top="2", phase="drawn")
    assert smart(state, 0) == Pass()


def test_smart_wins_clearly_more_often_than_random() -> None:
    players, games = 4, 60
    wins = [0.0] * players  # per level seat: index 0 is the smart one
    for k in range(games):
        smart_seat = k % players  # rotate, so the first player's edge is shared out
        game = Game(GAME, players, seed=bytes([k, 42]) * 16)
        game.start()
        while game.table.status == "active":
            seat = GAME.awaiting(game.state)[0]
            level = "smart" if seat == smart_seat else "random"
            draws = Draws(game.seed, bot_label(seat, game.table.version))
            game.play(seat, GAME.bot_move(game.state, seat, level, draws))
        for winner in game.table.winners:
            wins[(winner - smart_seat) % players] += 1 / len(game.table.winners)
    smart_rate = wins[0] / games
    random_rate = sum(wins[1:]) / (players - 1) / games
    assert smart_rate > random_rate + 0.3, (smart_rate, random_rate)


def test_smart_prefers_a_good_deposit_then_a_brawl_of_one_card() -> None:
    good = position([["4", "5", "6", "7", D, D], ["3", "3"]], top="5")
    move = smart(good, 0)
    assert isinstance(move, Deposit) and sorted(move.cards) == ["4", "5", "6"]
    poor = position([["4", "8", D, D, "x2"], ["3", "3"]], top="5")
    assert smart(poor, 0) == Brawl(count=1)
