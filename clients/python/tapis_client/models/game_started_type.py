from enum import StrEnum

class GameStartedType(StrEnum):
    GAMESTARTED = "GameStarted"

    def __str__(self) -> str:
        return str(self.value)
