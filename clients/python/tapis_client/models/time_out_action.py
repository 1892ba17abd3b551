from enum import StrEnum

class TimeOutAction(StrEnum):
    TIME_OUT = "time_out"

    def __str__(self) -> str:
        return str(self.value)
