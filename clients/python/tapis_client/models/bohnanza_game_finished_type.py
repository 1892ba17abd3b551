from enum import StrEnum

class BohnanzaGameFinishedType(StrEnum):
    GAMEFINISHED = "GameFinished"

    def __str__(self) -> str:
        return str(self.value)
