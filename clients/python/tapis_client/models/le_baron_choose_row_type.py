from enum import StrEnum

class LeBaronChooseRowType(StrEnum):
    CHOOSE_ROW = "choose_row"

    def __str__(self) -> str:
        return str(self.value)
