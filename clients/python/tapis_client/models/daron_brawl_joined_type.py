from enum import StrEnum

class DaronBrawlJoinedType(StrEnum):
    BRAWLJOINED = "BrawlJoined"

    def __str__(self) -> str:
        return str(self.value)
