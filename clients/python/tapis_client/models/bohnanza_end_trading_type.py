from enum import StrEnum

class BohnanzaEndTradingType(StrEnum):
    END_TRADING = "end_trading"

    def __str__(self) -> str:
        return str(self.value)
