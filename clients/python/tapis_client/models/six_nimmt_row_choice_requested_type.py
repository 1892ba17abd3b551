from enum import StrEnum

class SixNimmtRowChoiceRequestedType(StrEnum):
    ROWCHOICEREQUESTED = "RowChoiceRequested"

    def __str__(self) -> str:
        return str(self.value)
