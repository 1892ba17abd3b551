from enum import StrEnum

class DaronTurnStartedType(StrEnum):
    TURNSTARTED = "TurnStarted"

    def __str__(self) -> str:
        return str(self.value)
