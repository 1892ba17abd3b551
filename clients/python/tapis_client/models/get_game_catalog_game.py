from enum import StrEnum

class GetGameCatalogGame(StrEnum):
    BARBU = "barbu"
    BOHNANZA = "bohnanza"
    DARON = "daron"
    LE_BARON = "le-baron"
    SIX_NIMMT = "six-nimmt"

    def __str__(self) -> str:
        return str(self.value)
