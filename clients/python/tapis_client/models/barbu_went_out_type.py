from enum import StrEnum

class BarbuWentOutType(StrEnum):
    WENTOUT = "WentOut"

    def __str__(self) -> str:
        return str(self.value)
