from enum import StrEnum

class BarbuPassedType(StrEnum):
    PASSED = "Passed"

    def __str__(self) -> str:
        return str(self.value)
