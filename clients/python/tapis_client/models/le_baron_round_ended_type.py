from enum import StrEnum

class LeBaronRoundEndedType(StrEnum):
    ROUNDENDED = "RoundEnded"

    def __str__(self) -> str:
        return str(self.value)
