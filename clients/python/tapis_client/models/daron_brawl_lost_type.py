from enum import StrEnum

class DaronBrawlLostType(StrEnum):
    BRAWLLOST = "BrawlLost"

    def __str__(self) -> str:
        return str(self.value)
