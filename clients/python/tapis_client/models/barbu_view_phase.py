from enum import StrEnum

class BarbuViewPhase(StrEnum):
    CHOOSE_CONTRACT = "choose_contract"
    FINISHED = "finished"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
