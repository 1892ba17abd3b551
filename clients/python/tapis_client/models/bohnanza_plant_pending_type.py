from enum import StrEnum

class BohnanzaPlantPendingType(StrEnum):
    PLANT_PENDING = "plant_pending"

    def __str__(self) -> str:
        return str(self.value)
