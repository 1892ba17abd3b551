from enum import StrEnum

class BohnanzaHarvestType(StrEnum):
    HARVEST = "harvest"

    def __str__(self) -> str:
        return str(self.value)
