from enum import StrEnum

class LeBaronRowTakenReason(StrEnum):
    COLOUR_OVERFLOW = "colour_overflow"
    NO_MATCH = "no_match"
    SIXTH_CARD = "sixth_card"

    def __str__(self) -> str:
        return str(self.value)
