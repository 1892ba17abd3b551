from enum import StrEnum

class PlayerLeftType(StrEnum):
    PLAYERLEFT = "PlayerLeft"

    def __str__(self) -> str:
        return str(self.value)
