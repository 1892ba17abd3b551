from enum import StrEnum

class SixNimmtRowTakenType(StrEnum):
    ROWTAKEN = "RowTaken"

    def __str__(self) -> str:
        return str(self.value)
