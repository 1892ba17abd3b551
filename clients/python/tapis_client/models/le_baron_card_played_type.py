from enum import StrEnum

class LeBaronCardPlayedType(StrEnum):
    CARDPLAYED = "CardPlayed"

    def __str__(self) -> str:
        return str(self.value)
