from enum import StrEnum

class BarbuPlayCardType(StrEnum):
    PLAY_CARD = "play_card"

    def __str__(self) -> str:
        return str(self.value)
