from enum import StrEnum

class EntropyRevealedType(StrEnum):
    ENTROPYREVEALED = "EntropyRevealed"

    def __str__(self) -> str:
        return str(self.value)
