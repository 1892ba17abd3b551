from enum import StrEnum

class DaronRoundWonType(StrEnum):
    ROUNDWON = "RoundWon"

    def __str__(self) -> str:
        return str(self.value)
