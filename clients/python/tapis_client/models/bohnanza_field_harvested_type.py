from enum import StrEnum

class BohnanzaFieldHarvestedType(StrEnum):
    FIELDHARVESTED = "FieldHarvested"

    def __str__(self) -> str:
        return str(self.value)
