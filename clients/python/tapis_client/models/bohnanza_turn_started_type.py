from enum import StrEnum

class BohnanzaTurnStartedType(StrEnum):
    TURNSTARTED = "TurnStarted"

    def __str__(self) -> str:
        return str(self.value)
