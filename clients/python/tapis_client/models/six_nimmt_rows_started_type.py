from enum import StrEnum

class SixNimmtRowsStartedType(StrEnum):
    ROWSSTARTED = "RowsStarted"

    def __str__(self) -> str:
        return str(self.value)
