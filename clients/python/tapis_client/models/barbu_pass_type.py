from enum import StrEnum

class BarbuPassType(StrEnum):
    PASS = "pass"

    def __str__(self) -> str:
        return str(self.value)
