from enum import StrEnum

class BarbuCardsDealtType(StrEnum):
    CARDSDEALT = "CardsDealt"

    def __str__(self) -> str:
        return str(self.value)
