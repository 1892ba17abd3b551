from enum import StrEnum

class BarbuRoundScoredType(StrEnum):
    ROUNDSCORED = "RoundScored"

    def __str__(self) -> str:
        return str(self.value)
