from enum import StrEnum

class DaronDuelRipostedType(StrEnum):
    DUELRIPOSTED = "DuelRiposted"

    def __str__(self) -> str:
        return str(self.value)
