"""Le Barbu, rules/barbu.md: seven contracts, trick play and réussite, 3 to 6 players."""

from domain.games.barbu.game import GAME

__all__ = ["GAME"]
