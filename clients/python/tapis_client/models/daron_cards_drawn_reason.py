from enum import StrEnum

class DaronCardsDrawnReason(StrEnum):
    BRAWL = "brawl"
    DRAW = "draw"
    DUEL = "duel"
    ONE_CARD = "one_card"

    def __str__(self) -> str:
        return str(self.value)
