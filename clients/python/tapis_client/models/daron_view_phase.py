from enum import StrEnum

class DaronViewPhase(StrEnum):
    BRAWL = "brawl"
    DEAL = "deal"
    DRAWN = "drawn"
    DUEL = "duel"
    FINISHED = "finished"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
