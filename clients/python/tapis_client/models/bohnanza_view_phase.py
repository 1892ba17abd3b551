from enum import StrEnum

class BohnanzaViewPhase(StrEnum):
    FINISHED = "finished"
    PLANT = "plant"
    PLANT_PENDING = "plant_pending"
    TRADE = "trade"

    def __str__(self) -> str:
        return str(self.value)
