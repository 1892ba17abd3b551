from enum import StrEnum

class BarbuChooseContractType(StrEnum):
    CHOOSE_CONTRACT = "choose_contract"

    def __str__(self) -> str:
        return str(self.value)
