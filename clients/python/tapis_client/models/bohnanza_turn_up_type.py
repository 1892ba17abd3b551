from enum import StrEnum

class BohnanzaTurnUpType(StrEnum):
    TURN_UP = "turn_up"

    def __str__(self) -> str:
        return str(self.value)
