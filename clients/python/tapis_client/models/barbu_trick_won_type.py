from enum import StrEnum

class BarbuTrickWonType(StrEnum):
    TRICKWON = "TrickWon"

    def __str__(self) -> str:
        return str(self.value)
