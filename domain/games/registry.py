"""The games this server offers, by their API name."""

from __future__ import annotations

from domain.games.barbu import GAME as BARBU
from domain.games.bohnanza import GAME as BOHNANZA
from domain.games.daron import GAME as DARON
from domain.games.le_baron import GAME as LE_BARON
from domain.games.six_nimmt import GAME as SIX_NIMMT
from domain.kernel.game import AnyGame

GAMES: dict[str, AnyGame] = {rules.name: rules for rules in (SIX_NIMMT, LE_BARON, BARBU, BOHNANZA, DARON)}
