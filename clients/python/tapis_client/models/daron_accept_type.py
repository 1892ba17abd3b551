from enum import StrEnum

class DaronAcceptType(StrEnum):
    ACCEPT = "accept"

    def __str__(self) -> str:
        return str(self.value)
