"""A client-side copy of a game, so a benchmark client knows whose turn it is and what to play.

The client created the game with a seed of its own, so the same table Decider in memory deals the same
cards as the server: each command then costs exactly one request, and the client's own work is a few
microseconds of domain code instead of extra reads of the view and the legal moves.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.games.registry import GAMES
from domain.kernel import table as tables
from domain.kernel.shuffle import Draws
from domain.kernel.table import Table


class Mirror:
    def __init__(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        seed: bytes,
        level: str = "random",
        game_id: str = "mirror",
    ) -> None:
        self.rules = GAMES[game]
        self.seed = seed
        self.level = level
        # the deal key binds the game id (dealing v2): the server's game and its mirror deal alike only under one id
        created = tables.create(self.rules, game_id, players, options, seed)
        self.table: Table[Any] = tables.initial(created[0])
        self.events_so_far: list[Any] = list(created)
        for seat in range(players):
            joined = tables.join(self.table, f"p{seat}", seat, None)
            self._apply(joined)
            self.events_so_far.extend(joined)
        self.opening: list[Any] = list(self.events_so_far)
        started = tables.start(self.rules, self.table, seed)
        self._apply(started)
        self.opening.extend(started)

    def _apply(self, events: list[Any]) -> None:
        for event in events:
            self.table = tables.evolve(self.rules, self.table, event)

    @property
    def active(self) -> bool:
        return self.table.status == "active"

    def next_move(self) -> tuple[int, Any, bytes]:
        """The seat to play, its command, and the command's JSON body."""
        seat = self.rules.awaiting(self.table.inner)[0]
        draws = Draws(self.seed, f"client:{seat}:{self.table.version}")
        move = self.rules.bot_move(self.table.inner, seat, self.level, draws)
        return seat, move, msgspec.json.encode(move)

    def play(self, seat: int, move: Any) -> list[Any]:
        events = tables.play(self.rules, self.table, seat, move, self.seed)
        self._apply(events)
        return events
