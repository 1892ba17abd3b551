from enum import StrEnum

class SixNimmtDraftOpenedType(StrEnum):
    DRAFTOPENED = "DraftOpened"

    def __str__(self) -> str:
        return str(self.value)
