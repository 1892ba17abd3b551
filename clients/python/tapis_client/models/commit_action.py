from enum import StrEnum

class CommitAction(StrEnum):
    COMMIT = "commit"

    def __str__(self) -> str:
        return str(self.value)
