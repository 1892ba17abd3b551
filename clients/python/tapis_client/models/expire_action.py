from enum import StrEnum

class ExpireAction(StrEnum):
    EXPIRE = "expire"

    def __str__(self) -> str:
        return str(self.value)
