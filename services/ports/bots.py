"""The bot runner's port: how a bot move is chosen and applied (services/bots.py's `BotPlayer` implements it).

The runner (services/bot_runner.py) plays a game's bots in the background through it and knows nothing else of the
bots; a test can hand it a mover of its own.
"""

from __future__ import annotations

from typing import Any, Protocol

from domain.kernel.table import BotMove, Table
from services.ports.events import GameRecord


class Mover(Protocol):
    async def choose(self, record: GameRecord, table: Table[Any]) -> BotMove | None:
        """The bot move due at `table`, or None (no bot is awaited)."""

    async def apply(self, record: GameRecord, table: Table[Any], chosen: BotMove) -> Table[Any]:
        """Append `chosen`, decided on `table`; the table at the stream's head after it."""
