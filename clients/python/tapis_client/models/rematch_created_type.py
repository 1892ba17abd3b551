from enum import StrEnum

class RematchCreatedType(StrEnum):
    REMATCHCREATED = "RematchCreated"

    def __str__(self) -> str:
        return str(self.value)
