from enum import StrEnum

class TurnTimedOutType(StrEnum):
    TURNTIMEDOUT = "TurnTimedOut"

    def __str__(self) -> str:
        return str(self.value)
