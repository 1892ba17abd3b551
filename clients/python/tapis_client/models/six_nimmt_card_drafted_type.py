from enum import StrEnum

class SixNimmtCardDraftedType(StrEnum):
    CARDDRAFTED = "CardDrafted"

    def __str__(self) -> str:
        return str(self.value)
