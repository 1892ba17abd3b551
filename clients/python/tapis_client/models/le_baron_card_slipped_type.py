from enum import StrEnum

class LeBaronCardSlippedType(StrEnum):
    CARDSLIPPED = "CardSlipped"

    def __str__(self) -> str:
        return str(self.value)
