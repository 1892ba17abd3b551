from enum import StrEnum

class GameViewFairness(StrEnum):
    CLIENT = "client"
    COMMITTED = "committed"
    OPEN = "open"
    PENDING = "pending"
    SERVER = "server"

    def __str__(self) -> str:
        return str(self.value)
