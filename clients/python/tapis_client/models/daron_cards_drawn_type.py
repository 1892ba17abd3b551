from enum import StrEnum

class DaronCardsDrawnType(StrEnum):
    CARDSDRAWN = "CardsDrawn"

    def __str__(self) -> str:
        return str(self.value)
