from enum import StrEnum

class BohnanzaDeckExhaustedType(StrEnum):
    DECKEXHAUSTED = "DeckExhausted"

    def __str__(self) -> str:
        return str(self.value)
