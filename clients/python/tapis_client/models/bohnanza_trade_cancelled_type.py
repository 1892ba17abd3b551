from enum import StrEnum

class BohnanzaTradeCancelledType(StrEnum):
    TRADECANCELLED = "TradeCancelled"

    def __str__(self) -> str:
        return str(self.value)
