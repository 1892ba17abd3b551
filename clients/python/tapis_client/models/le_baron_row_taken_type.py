from enum import StrEnum

class LeBaronRowTakenType(StrEnum):
    ROWTAKEN = "RowTaken"

    def __str__(self) -> str:
        return str(self.value)
