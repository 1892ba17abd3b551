from enum import StrEnum

class SixNimmtViewPhase(StrEnum):
    CHOOSE = "choose"
    CHOOSE_ROW = "choose_row"
    DEAL = "deal"
    DRAFT = "draft"
    FINISHED = "finished"

    def __str__(self) -> str:
        return str(self.value)
