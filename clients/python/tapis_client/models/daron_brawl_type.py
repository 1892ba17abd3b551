from enum import StrEnum

class DaronBrawlType(StrEnum):
    BRAWL = "brawl"

    def __str__(self) -> str:
        return str(self.value)
