from enum import StrEnum

class BohnanzaPlantType(StrEnum):
    PLANT = "plant"

    def __str__(self) -> str:
        return str(self.value)
