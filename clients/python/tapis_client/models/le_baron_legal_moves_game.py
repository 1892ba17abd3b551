from enum import StrEnum

class LeBaronLegalMovesGame(StrEnum):
    LE_BARON = "le-baron"

    def __str__(self) -> str:
        return str(self.value)
