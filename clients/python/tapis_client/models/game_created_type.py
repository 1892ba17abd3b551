from enum import StrEnum

class GameCreatedType(StrEnum):
    GAMECREATED = "GameCreated"

    def __str__(self) -> str:
        return str(self.value)
