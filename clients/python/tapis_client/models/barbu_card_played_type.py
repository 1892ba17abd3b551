from enum import StrEnum

class BarbuCardPlayedType(StrEnum):
    CARDPLAYED = "CardPlayed"

    def __str__(self) -> str:
        return str(self.value)
