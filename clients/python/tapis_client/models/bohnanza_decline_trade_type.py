from enum import StrEnum

class BohnanzaDeclineTradeType(StrEnum):
    DECLINE_TRADE = "decline_trade"

    def __str__(self) -> str:
        return str(self.value)
