from enum import StrEnum

class BohnanzaFieldBoughtType(StrEnum):
    FIELDBOUGHT = "FieldBought"

    def __str__(self) -> str:
        return str(self.value)
