from enum import StrEnum

class SeatForfeitedType(StrEnum):
    SEATFORFEITED = "SeatForfeited"

    def __str__(self) -> str:
        return str(self.value)
