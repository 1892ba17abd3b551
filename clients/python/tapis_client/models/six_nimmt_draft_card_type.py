from enum import StrEnum

class SixNimmtDraftCardType(StrEnum):
    DRAFT_CARD = "draft_card"

    def __str__(self) -> str:
        return str(self.value)
