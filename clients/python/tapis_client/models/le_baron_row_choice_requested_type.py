from enum import StrEnum

class LeBaronRowChoiceRequestedType(StrEnum):
    ROWCHOICEREQUESTED = "RowChoiceRequested"

    def __str__(self) -> str:
        return str(self.value)
