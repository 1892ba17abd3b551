from enum import StrEnum

class BarbuRoundScoredReason(StrEnum):
    ALL_PLAYED = "all_played"
    EARLY_END = "early_end"
    JAM = "jam"
    TWO_OUT = "two_out"

    def __str__(self) -> str:
        return str(self.value)
