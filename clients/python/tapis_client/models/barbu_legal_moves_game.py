from enum import StrEnum

class BarbuLegalMovesGame(StrEnum):
    BARBU = "barbu"

    def __str__(self) -> str:
        return str(self.value)
