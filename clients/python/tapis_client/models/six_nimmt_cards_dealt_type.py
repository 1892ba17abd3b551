from enum import StrEnum

class SixNimmtCardsDealtType(StrEnum):
    CARDSDEALT = "CardsDealt"

    def __str__(self) -> str:
        return str(self.value)
