from enum import StrEnum

class SixNimmtLegalMovesGame(StrEnum):
    SIX_NIMMT = "six-nimmt"

    def __str__(self) -> str:
        return str(self.value)
