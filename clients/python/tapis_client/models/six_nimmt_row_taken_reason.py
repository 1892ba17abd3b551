from enum import StrEnum

class SixNimmtRowTakenReason(StrEnum):
    SIXTH_CARD = "sixth_card"
    TOO_LOW = "too_low"

    def __str__(self) -> str:
        return str(self.value)
