from enum import StrEnum

class GameEndedType(StrEnum):
    GAMEENDED = "GameEnded"

    def __str__(self) -> str:
        return str(self.value)
