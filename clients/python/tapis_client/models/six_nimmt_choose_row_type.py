from enum import StrEnum

class SixNimmtChooseRowType(StrEnum):
    CHOOSE_ROW = "choose_row"

    def __str__(self) -> str:
        return str(self.value)
