from enum import StrEnum

class PlayAction(StrEnum):
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
