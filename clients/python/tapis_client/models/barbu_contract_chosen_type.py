from enum import StrEnum

class BarbuContractChosenType(StrEnum):
    CONTRACTCHOSEN = "ContractChosen"

    def __str__(self) -> str:
        return str(self.value)
