from enum import StrEnum

class BohnanzaBeanPlantedType(StrEnum):
    BEANPLANTED = "BeanPlanted"

    def __str__(self) -> str:
        return str(self.value)
