from enum import StrEnum

class BohnanzaLegalMovesGame(StrEnum):
    BOHNANZA = "bohnanza"

    def __str__(self) -> str:
        return str(self.value)
