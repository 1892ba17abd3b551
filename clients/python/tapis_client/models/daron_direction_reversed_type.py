from enum import StrEnum

class DaronDirectionReversedType(StrEnum):
    DIRECTIONREVERSED = "DirectionReversed"

    def __str__(self) -> str:
        return str(self.value)
