from enum import StrEnum

class BohnanzaAcceptTradeType(StrEnum):
    ACCEPT_TRADE = "accept_trade"

    def __str__(self) -> str:
        return str(self.value)
