from enum import StrEnum

class DaronDuelLostType(StrEnum):
    DUELLOST = "DuelLost"

    def __str__(self) -> str:
        return str(self.value)
