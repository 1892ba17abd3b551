from enum import StrEnum

class DaronPassedType(StrEnum):
    PASSED = "Passed"

    def __str__(self) -> str:
        return str(self.value)
