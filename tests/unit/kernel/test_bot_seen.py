"""A bot is handed what its seat sees (`Seen`: the seat's view, the options, its legal moves), never the state."""

from __future__ import annotations

import dataclasses
from typing import Any

from domain.games.registry import GAMES as REGISTRY
from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.commands import Command
from domain.kernel.bots import Seen
from domain.kernel.game import random_move
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import Viewer
from tests.unit.harness import Game

DRAWS = Draws(b"seen", "bot:1:1")


def test_a_bot_is_handed_its_seats_view_and_legal_moves_never_the_state() -> None:
    handed: list[Seen[Any, Command, Any]] = []

    def spy(seen: Seen[Any, Command, Any], draws: Draws) -> Command:
        handed.append(seen)
        return seen.moves[-1]

    rules = dataclasses.replace(GAME, smart=spy, random=spy)
    game = Game(rules, 3)
    game.start()
    for level in ("smart", "random"):
        assert rules.bot_move(game.state, 1, level, DRAWS) == GAME.legal_moves(game.state, 1)[-1]
    for seen in handed:
        assert seen.seat == 1
        assert seen.view == GAME.view(game.state, Viewer(seat=1))
        assert seen.view.hand == game.state.hands[1] and seen.view.hands is None, "its own hand, no other"
        assert seen.moves == GAME.legal_moves(game.state, 1)
        assert seen.options == game.state.options
        assert game.state not in [getattr(seen, f.name) for f in dataclasses.fields(seen)]


def test_a_reaction_is_handed_the_same_and_the_default_one_is_silent() -> None:
    handed: list[Seen[Any, Command, Any]] = []

    def react(seen: Seen[Any, Command, Any], level: str, draws: Draws) -> Command | None:
        handed.append(seen)
        return None

    game = Game(GAME, 3)
    game.start()
    assert GAME.bot_reaction(game.state, 2, "smart", DRAWS) is None
    rules = dataclasses.replace(GAME, react=react)
    assert rules.bot_reaction(game.state, 2, "smart", DRAWS) is None
    (seen,) = handed
    assert (seen.seat, seen.view) == (2, GAME.view(game.state, Viewer(seat=2)))


def test_the_default_random_bot_plays_what_random_move_plays_on_the_whole_seen() -> None:
    """`Game.bot_move` at level random skips drawing the view for the default random bot (it reads the moves only):
    the move must be the one `random_move` draws from the full `Seen`, in every game using it, all game long."""
    for name, rules in REGISTRY.items():
        if rules.random is not random_move:
            continue  # a game's own random bot (bohnanza's reads its hand) is handed the whole Seen as before
        game = Game(rules, rules.min_players)
        game.start()
        for turn in range(60):
            if game.table.status != "active":
                break
            seat = rules.awaiting(game.state)[0]
            label = f"bot:{seat}:{turn}"
            move = rules.bot_move(game.state, seat, "random", Draws(b"same", label))
            assert move == random_move(rules.seen(game.state, seat), Draws(b"same", label)), (name, turn)
            game.play(seat, move)
