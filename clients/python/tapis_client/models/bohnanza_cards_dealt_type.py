from enum import StrEnum

class BohnanzaCardsDealtType(StrEnum):
    CARDSDEALT = "CardsDealt"

    def __str__(self) -> str:
        return str(self.value)
