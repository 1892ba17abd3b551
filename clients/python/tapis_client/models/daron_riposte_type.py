from enum import StrEnum

class DaronRiposteType(StrEnum):
    RIPOSTE = "riposte"

    def __str__(self) -> str:
        return str(self.value)
