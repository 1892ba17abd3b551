from enum import StrEnum

class PlayerJoinedType(StrEnum):
    PLAYERJOINED = "PlayerJoined"

    def __str__(self) -> str:
        return str(self.value)
