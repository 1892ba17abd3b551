from enum import StrEnum

class BohnanzaBuyFieldType(StrEnum):
    BUY_FIELD = "buy_field"

    def __str__(self) -> str:
        return str(self.value)
