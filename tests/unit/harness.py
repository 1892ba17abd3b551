"""Shared helpers for game tests: drive a table with bots, check replay and redaction."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.kernel import table as tables
from domain.kernel.bots import bot_label
from domain.kernel.rules import AnyRules
from domain.kernel.shuffle import Draws
from domain.kernel.table import Table

SEED = bytes(range(32))


class Game:
    """A table driven in memory, keeping every event as the store would."""

    def __init__(self, rules: AnyRules, players: int, options: dict[str, Any] | None = None, seed: bytes = SEED):
        self.rules = rules
        self.seed = seed
        self.events: list[Any] = tables.create(rules, "test-game", players, options, seed)
        self.table: Table[Any] = tables.initial(self.events[0])
        for seat in range(players):
            self.apply(tables.join(self.table, f"player {seat}", None, None))

    def apply(self, events: list[Any]) -> list[Any]:
        for event in events:
            self.table = tables.evolve(self.rules, self.table, event)
            self.events.append(event)
        return events

    def start(self) -> list[Any]:
        return self.apply(tables.start(self.rules, self.table, self.seed))

    def play(self, seat: int, command: Any) -> list[Any]:
        return self.apply(tables.play(self.rules, self.table, seat, command, self.seed))

    @property
    def state(self) -> Any:
        return self.table.inner

    def bot_step(self, level: str = "random") -> tuple[int, Any]:
        seat = self.rules.awaiting(self.state)[0]
        command = self.rules.bot_move(self.state, seat, level, Draws(self.seed, bot_label(seat, self.table.version)))
        self.play(seat, command)
        return seat, command

    def play_out(
        self, level: str = "random", max_steps: int = 200_000, check: Callable[[Game], None] | None = None
    ) -> None:
        if self.table.status == "lobby":
            self.start()
        steps = 0
        while self.table.status == "active":
            self.bot_step(level)
            if check is not None:
                check(self)
            steps += 1
            assert steps < max_steps, "the game does not end"


def encoded(value: Any) -> bytes:
    return msgspec.msgpack.encode(value)


def assert_replay_equals_live(game: Game) -> None:
    replayed = tables.fold(game.rules, game.events)
    assert encoded(replayed) == encoded(game.table)
