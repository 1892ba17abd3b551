from enum import StrEnum

class RevealAction(StrEnum):
    REVEAL = "reveal"

    def __str__(self) -> str:
        return str(self.value)
