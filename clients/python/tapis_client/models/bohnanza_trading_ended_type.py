from enum import StrEnum

class BohnanzaTradingEndedType(StrEnum):
    TRADINGENDED = "TradingEnded"

    def __str__(self) -> str:
        return str(self.value)
