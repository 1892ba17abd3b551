from enum import StrEnum

class BohnanzaCardsTurnedUpType(StrEnum):
    CARDSTURNEDUP = "CardsTurnedUp"

    def __str__(self) -> str:
        return str(self.value)
