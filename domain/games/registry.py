"""The games this server offers, by their API name."""

from __future__ import annotations

from domain.games.barbu import RULES as BARBU
from domain.games.bohnanza import RULES as BOHNANZA
from domain.games.daron import RULES as DARON
from domain.games.le_baron import RULES as LE_BARON
from domain.games.six_nimmt import RULES as SIX_NIMMT
from domain.kernel.rules import AnyRules

GAMES: dict[str, AnyRules] = {rules.name: rules for rules in (SIX_NIMMT, LE_BARON, BARBU, BOHNANZA, DARON)}
