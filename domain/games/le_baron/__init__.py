"""Le Baron, rules/le-baron.md: six-nimmt's rows, but the colours decide where a card goes."""

from domain.games.le_baron.rules import RULES

__all__ = ["RULES"]
