from enum import StrEnum

class RematchAction(StrEnum):
    REMATCH = "rematch"

    def __str__(self) -> str:
        return str(self.value)
