from enum import StrEnum

class DaronCardsDepositedType(StrEnum):
    CARDSDEPOSITED = "CardsDeposited"

    def __str__(self) -> str:
        return str(self.value)
