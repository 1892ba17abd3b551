"""Bots: `random` finishes every game from the legal moves; `smart` clearly beats it."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.games.bohnanza import GAME
from domain.games.bohnanza.commands import ProposeTrade
from domain.kernel.bots import bot_label
from domain.kernel.shuffle import Draws
from tests.unit.harness import Game, assert_replay_equals_live

SETUPS = [(3, False), (4, False), (5, False), (6, True), (7, True)]


@pytest.mark.parametrize(("players", "extended"), SETUPS)
@pytest.mark.parametrize("level", ["random", "smart"])
def test_bots_finish_every_game(players: int, extended: bool, level: str) -> None:
    for n in range(4):
        game = Game(GAME, players, {"extended": extended}, seed=bytes([n, players]) * 16)
        game.play_out(level)
        assert game.table.status == "finished"
        assert_replay_equals_live(game)


def test_bots_are_pure_and_seeded() -> None:
    game = Game(GAME, 4)
    game.start()
    for _ in range(40):
        seat = GAME.awaiting(game.state)[0]
        for level in ("random", "smart"):
            first = GAME.bot_move(game.state, seat, level, Draws(game.seed, bot_label(seat, game.table.version)))
            again = GAME.bot_move(game.state, seat, level, Draws(game.seed, bot_label(seat, game.table.version)))
            assert first == again
        game.bot_step()


def test_the_random_bot_fills_proposals_at_random() -> None:
    proposals: list[ProposeTrade] = []
    game = Game(GAME, 3)
    game.start()
    while game.table.status == "active" and len(proposals) < 30:
        _, command = game.bot_step()
        if isinstance(command, ProposeTrade):
            proposals.append(command)
    assert len({(tuple(p.give_hand), tuple(p.give_face_up), tuple(p.want.items())) for p in proposals}) > 10


def test_smart_wins_clearly_more_than_random() -> None:
    wins: Counter[str] = Counter()
    games = 60
    for n in range(games):
        players, extended = SETUPS[n % len(SETUPS)]
        smart = n % players
        game = Game(GAME, players, {"extended": extended}, seed=n.to_bytes(32, "big"))
        game.start()
        while game.table.status == "active":
            seat = GAME.awaiting(game.state)[0]
            level = "smart" if seat == smart else "random"
            draws = Draws(game.seed, bot_label(seat, game.table.version))
            game.play(seat, GAME.bot_move(game.state, seat, level, draws))
        wins["smart" if game.table.winners == [smart] else "random"] += 1
    smart_rate = wins["smart"] / games
    # each random seat's share of the remaining wins, averaged over the player counts
    random_rate = sum(wins["random"] / games / (p - 1) for p, _ in SETUPS) / len(SETUPS)
    assert smart_rate > 0.6
    assert smart_rate > random_rate + 0.4
