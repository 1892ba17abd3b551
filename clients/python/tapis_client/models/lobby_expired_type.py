from enum import StrEnum

class LobbyExpiredType(StrEnum):
    LOBBYEXPIRED = "LobbyExpired"

    def __str__(self) -> str:
        return str(self.value)
