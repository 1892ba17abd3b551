from enum import StrEnum

class BohnanzaDeckReshuffledType(StrEnum):
    DECKRESHUFFLED = "DeckReshuffled"

    def __str__(self) -> str:
        return str(self.value)
