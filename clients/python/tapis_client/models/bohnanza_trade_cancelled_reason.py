from enum import StrEnum

class BohnanzaTradeCancelledReason(StrEnum):
    DECLINED = "declined"
    STALE = "stale"
    WITHDRAWN = "withdrawn"

    def __str__(self) -> str:
        return str(self.value)
