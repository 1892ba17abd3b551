"""Six-nimmt (6 qui prend), rules/six-nimmt.md."""

from domain.games.six_nimmt.game import GAME

__all__ = ["GAME"]
