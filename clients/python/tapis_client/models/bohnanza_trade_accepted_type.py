from enum import StrEnum

class BohnanzaTradeAcceptedType(StrEnum):
    TRADEACCEPTED = "TradeAccepted"

    def __str__(self) -> str:
        return str(self.value)
