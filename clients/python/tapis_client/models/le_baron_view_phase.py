from enum import StrEnum

class LeBaronViewPhase(StrEnum):
    CHOOSE = "choose"
    CHOOSE_ROW = "choose_row"
    FINISHED = "finished"

    def __str__(self) -> str:
        return str(self.value)
