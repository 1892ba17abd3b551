from enum import StrEnum

class SixNimmtCardsRevealedType(StrEnum):
    CARDSREVEALED = "CardsRevealed"

    def __str__(self) -> str:
        return str(self.value)
