from enum import StrEnum

class SixNimmtRoundEndedType(StrEnum):
    ROUNDENDED = "RoundEnded"

    def __str__(self) -> str:
        return str(self.value)
