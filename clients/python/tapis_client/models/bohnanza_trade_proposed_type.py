from enum import StrEnum

class BohnanzaTradeProposedType(StrEnum):
    TRADEPROPOSED = "TradeProposed"

    def __str__(self) -> str:
        return str(self.value)
