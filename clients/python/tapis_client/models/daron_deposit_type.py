from enum import StrEnum

class DaronDepositType(StrEnum):
    DEPOSIT = "deposit"

    def __str__(self) -> str:
        return str(self.value)
