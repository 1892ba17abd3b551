from enum import StrEnum

class LeBaronViewAskReasonType0(StrEnum):
    NO_MATCH = "no_match"
    PLACEMENT = "placement"

    def __str__(self) -> str:
        return str(self.value)
