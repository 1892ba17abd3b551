from enum import StrEnum

class CommandAcceptedType(StrEnum):
    COMMANDACCEPTED = "CommandAccepted"

    def __str__(self) -> str:
        return str(self.value)
