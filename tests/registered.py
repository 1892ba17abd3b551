"""The cases of the all-games suites: every registered game at every player count it allows, plus the toy.

The suites read `GAMES` when they are collected, so a game is tested (for leaks, by bots, in simulations) the day
it is registered. The toy game (tests/toy_game) is not registered: its cases come last, and a test that runs them
asks for the `toy_game` fixture (tests/conftest.py), which registers it for that test only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from domain.games.registry import GAMES
from domain.kernel.game import AnyGame
from tests.toy_game.game import GAME as TOY


def player_counts(rules: AnyGame) -> range:
    return range(rules.min_players, rules.max_players + 1)


def options_needed(game: str, players: int) -> dict[str, Any]:
    """The options a player count cannot do without: the base bohnanza deck is for 3 to 5 players, 6 and 7 need
    the extended one. Every other count of every game plays with the default options."""
    return {"extended": True} if game == "bohnanza" and players > 5 else {}


# the shortest whole game each game's options allow (one round); a game not listed plays with its default options
SHORTEST: dict[str, dict[str, Any]] = {
    "six-nimmt": {"end": {"kind": "rounds", "rounds": 1}},
    "le-baron": {"rounds": 1},
    "barbu": {"max_rounds": 1},
}


def shortest_options(game: str, players: int) -> dict[str, Any]:
    """The options of the shortest whole game at that player count."""
    return {**SHORTEST.get(game, {}), **options_needed(game, players)}


def setups(games: Mapping[str, AnyGame] = GAMES) -> list[tuple[str, int]]:
    """(game, players) for every registered game and every player count it allows."""
    return [(name, players) for name, rules in games.items() for players in player_counts(rules)]


def cases(*, toy: bool = True) -> list[Any]:
    """`setups()` as pytest params with readable ids, then (with `toy`) the toy game's, whose test must ask for
    the `toy_game` fixture."""
    games = {**GAMES, TOY.name: TOY} if toy else GAMES
    return [pytest.param(game, players, id=f"{game}-{players}p") for game, players in setups(games)]
