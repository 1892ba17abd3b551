from enum import StrEnum

class ForfeitAction(StrEnum):
    FORFEIT = "forfeit"

    def __str__(self) -> str:
        return str(self.value)
