"""Le Baron, rules/le-baron.md: six-nimmt's rows, but the colours decide where a card goes."""

from domain.games.le_baron.game import GAME

__all__ = ["GAME"]
