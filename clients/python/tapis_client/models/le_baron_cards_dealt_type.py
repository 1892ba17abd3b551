from enum import StrEnum

class LeBaronCardsDealtType(StrEnum):
    CARDSDEALT = "CardsDealt"

    def __str__(self) -> str:
        return str(self.value)
