from enum import StrEnum

class BotTookOverType(StrEnum):
    BOTTOOKOVER = "BotTookOver"

    def __str__(self) -> str:
        return str(self.value)
