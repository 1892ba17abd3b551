from enum import StrEnum

class LeBaronHandRefilledType(StrEnum):
    HANDREFILLED = "HandRefilled"

    def __str__(self) -> str:
        return str(self.value)
