from enum import StrEnum

class DaronDuelStartedType(StrEnum):
    DUELSTARTED = "DuelStarted"

    def __str__(self) -> str:
        return str(self.value)
