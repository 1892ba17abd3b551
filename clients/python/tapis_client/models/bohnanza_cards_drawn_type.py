from enum import StrEnum

class BohnanzaCardsDrawnType(StrEnum):
    CARDSDRAWN = "CardsDrawn"

    def __str__(self) -> str:
        return str(self.value)
