from enum import StrEnum

class DaronPassType(StrEnum):
    PASS = "pass"

    def __str__(self) -> str:
        return str(self.value)
