from enum import StrEnum

class LeaveAction(StrEnum):
    LEAVE = "leave"

    def __str__(self) -> str:
        return str(self.value)
