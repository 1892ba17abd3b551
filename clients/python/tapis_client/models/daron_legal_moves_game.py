from enum import StrEnum

class DaronLegalMovesGame(StrEnum):
    DARON = "daron"

    def __str__(self) -> str:
        return str(self.value)
