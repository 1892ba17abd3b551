from enum import StrEnum

class BohnanzaProposeTradeType(StrEnum):
    PROPOSE_TRADE = "propose_trade"

    def __str__(self) -> str:
        return str(self.value)
