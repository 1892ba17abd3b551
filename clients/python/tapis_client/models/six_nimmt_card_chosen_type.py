from enum import StrEnum

class SixNimmtCardChosenType(StrEnum):
    CARDCHOSEN = "CardChosen"

    def __str__(self) -> str:
        return str(self.value)
