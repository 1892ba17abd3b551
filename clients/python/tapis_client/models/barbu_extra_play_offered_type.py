from enum import StrEnum

class BarbuExtraPlayOfferedType(StrEnum):
    EXTRAPLAYOFFERED = "ExtraPlayOffered"

    def __str__(self) -> str:
        return str(self.value)
