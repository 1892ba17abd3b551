from enum import StrEnum

class JoinAction(StrEnum):
    JOIN = "join"

    def __str__(self) -> str:
        return str(self.value)
