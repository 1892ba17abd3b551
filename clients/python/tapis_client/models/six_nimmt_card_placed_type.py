from enum import StrEnum

class SixNimmtCardPlacedType(StrEnum):
    CARDPLACED = "CardPlaced"

    def __str__(self) -> str:
        return str(self.value)
