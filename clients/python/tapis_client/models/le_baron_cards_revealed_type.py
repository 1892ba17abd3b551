from enum import StrEnum

class LeBaronCardsRevealedType(StrEnum):
    CARDSREVEALED = "CardsRevealed"

    def __str__(self) -> str:
        return str(self.value)
