"""Le Jeu du Daron, rules/daron.md."""

from domain.games.daron.rules import RULES

__all__ = ["RULES"]
