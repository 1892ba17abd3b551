from enum import StrEnum

class DaronDuelType(StrEnum):
    DUEL = "duel"

    def __str__(self) -> str:
        return str(self.value)
