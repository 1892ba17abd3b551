from enum import StrEnum

class BohnanzaWithdrawTradeType(StrEnum):
    WITHDRAW_TRADE = "withdraw_trade"

    def __str__(self) -> str:
        return str(self.value)
