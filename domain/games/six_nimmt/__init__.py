"""Six-nimmt (6 qui prend), rules/six-nimmt.md."""

from domain.games.six_nimmt.rules import RULES

__all__ = ["RULES"]
