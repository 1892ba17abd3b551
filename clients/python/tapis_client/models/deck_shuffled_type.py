from enum import StrEnum

class DeckShuffledType(StrEnum):
    DECKSHUFFLED = "DeckShuffled"

    def __str__(self) -> str:
        return str(self.value)
