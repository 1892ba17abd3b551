from enum import StrEnum

class EntropyCommittedType(StrEnum):
    ENTROPYCOMMITTED = "EntropyCommitted"

    def __str__(self) -> str:
        return str(self.value)
