from enum import StrEnum

class LeBaronRowChoiceRequestedReason(StrEnum):
    NO_MATCH = "no_match"
    PLACEMENT = "placement"

    def __str__(self) -> str:
        return str(self.value)
