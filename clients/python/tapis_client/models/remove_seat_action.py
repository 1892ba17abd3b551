from enum import StrEnum

class RemoveSeatAction(StrEnum):
    REMOVE_SEAT = "remove_seat"

    def __str__(self) -> str:
        return str(self.value)
