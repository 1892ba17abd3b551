"""Shared helpers for game tests: drive a table with bots, check replay and redaction."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import msgspec
import pytest

from domain.kernel import table as tables
from domain.kernel.bots import bot_label
from domain.kernel.context import Shuffler
from domain.kernel.errors import RuleViolation
from domain.kernel.game import AnyGame
from domain.kernel.game import Game as GameRecord
from domain.kernel.shuffle import Draws
from domain.kernel.table import Table

SEED = bytes(range(32))
S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")


class Game:
    """A table driven in memory, keeping every event as the store would.

    A rule test deals by rules/dealing.md's version 1 unless it asks otherwise: its key is the seed itself, so that
    the test re-derives a deal with `shuffle(SEED, ...)` and the document's vectors apply. Version 2 changes only
    the key (tests/unit/kernel/test_deal_key.py), and the services' tests play it whole. It is played by the current
    rules of its game unless `rules_version` names an earlier version (the game's RULES_VERSIONS), as a game recorded
    under it.
    """

    def __init__(
        self,
        rules: AnyGame,
        players: int,
        options: dict[str, Any] | None = None,
        seed: bytes = SEED,
        dealing: int = 1,
        rules_version: int | None = None,
    ):
        self.rules = rules
        self.seed = seed
        self.events: list[Any] = tables.create(
            rules, "test-game", players, options, seed, dealing=dealing, rules_version=rules_version
        )
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


class Driver(Generic[S, C, E]):
    """Drives hand-built positions of one game through its Decider: decide, fold, refusals."""

    def __init__(self, rules: GameRecord[S, C, E, Any], play_card: Callable[[int], C], seed: bytes = SEED) -> None:
        self.rules = rules
        self.play_card = play_card
        self.seed = seed

    def decide(self, state: S, seat: int, command: C, shuffles: int = 0) -> list[E]:
        return self.rules.decide(state, seat, command, Shuffler(self.seed, shuffles))

    def fold(self, state: S, events: Sequence[E]) -> S:
        for event in events:
            state = self.rules.evolve(state, event)
        return state

    def act(self, state: S, seat: int, command: C) -> tuple[S, list[E]]:
        events = self.decide(state, seat, command)
        return self.fold(state, events), events

    def play_turn(self, state: S, cards: Sequence[int]) -> tuple[S, list[E]]:
        """Seat i chooses cards[i], in seat order; returns the state after and every event of the turn."""
        events: list[E] = []
        for seat, card in enumerate(cards):
            state, emitted = self.act(state, seat, self.play_card(card))
            events += emitted
        return state, events

    def refused(self, state: S, seat: int, command: C) -> str:
        """Decide a command that must be refused; check nothing moved and return the code."""
        before = encoded(state)
        with pytest.raises(RuleViolation) as refusal:
            self.decide(state, seat, command)
        assert encoded(state) == before
        return refusal.value.code


def of_type(events: Sequence[Any], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
