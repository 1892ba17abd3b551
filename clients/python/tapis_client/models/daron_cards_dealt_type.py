from enum import StrEnum

class DaronCardsDealtType(StrEnum):
    CARDSDEALT = "CardsDealt"

    def __str__(self) -> str:
        return str(self.value)
