from enum import StrEnum

class LeBaronCardPlacedType(StrEnum):
    CARDPLACED = "CardPlaced"

    def __str__(self) -> str:
        return str(self.value)
