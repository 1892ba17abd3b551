"""Le Jeu du Daron, rules/daron.md."""

from domain.games.daron.game import GAME

__all__ = ["GAME"]
