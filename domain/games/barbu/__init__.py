"""Le Barbu, rules/barbu.md: seven contracts, trick play and réussite, 3 to 6 players."""

from domain.games.barbu.rules import RULES

__all__ = ["RULES"]
