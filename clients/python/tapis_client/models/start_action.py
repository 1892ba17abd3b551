from enum import StrEnum

class StartAction(StrEnum):
    START = "start"

    def __str__(self) -> str:
        return str(self.value)
