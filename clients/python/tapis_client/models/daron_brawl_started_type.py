from enum import StrEnum

class DaronBrawlStartedType(StrEnum):
    BRAWLSTARTED = "BrawlStarted"

    def __str__(self) -> str:
        return str(self.value)
