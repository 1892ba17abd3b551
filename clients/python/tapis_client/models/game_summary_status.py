from enum import StrEnum

class GameSummaryStatus(StrEnum):
    ACTIVE = "active"
    EXPIRED = "expired"
    FINISHED = "finished"
    LOBBY = "lobby"

    def __str__(self) -> str:
        return str(self.value)
