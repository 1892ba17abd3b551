from enum import StrEnum

class DaronRoundBlockedType(StrEnum):
    ROUNDBLOCKED = "RoundBlocked"

    def __str__(self) -> str:
        return str(self.value)
