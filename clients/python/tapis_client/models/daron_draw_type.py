from enum import StrEnum

class DaronDrawType(StrEnum):
    DRAW = "draw"

    def __str__(self) -> str:
        return str(self.value)
