"""Observation as a port: what the services and the event store tell whoever watches them (metrics, traces, logs).

The services call an `Observer` at a few places (a player's command, each transaction and its decisions, each
append and group commit, each webhook attempt) and never learn what it does. `NO_OBSERVER` does nothing: the
service tests and the CLI run with it; the API process gives bootstrap its own (api/observe.py: Prometheus,
OpenTelemetry, the request's log fields). Each hook that spans some work is a context manager, so a trace's span
can hold the work and an exception can be counted as it passes; the rest are calls.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import Protocol

from services.ports import GameRecord, Outcome
from services.writes import Actor, WriteOutcome


class CommandWatch(Protocol):
    """One player's command, followed from the request to its answer."""

    def game(self, record: GameRecord, body: bytes) -> None:
        """The game the command is sent to is known (its record loaded), and the body as sent."""

    def seat(self, seat: int) -> None:
        """The token is a seated player's."""

    def replayed(self) -> None:
        """Answered from the idempotency store: the first answer to this key."""

    def ended(self, outcome: WriteOutcome) -> None:
        """The command's own transaction ended (its bots' moves are transactions of their own)."""


class TransactionWatch(Protocol):
    def deciding(self, version: int) -> AbstractContextManager[object]:
        """Around one decision, on the table at `version` (once per attempt)."""

    def ended(self, outcome: WriteOutcome) -> None: ...


class Observer(Protocol):
    def command(self) -> AbstractContextManager[CommandWatch]:
        """Around a player's command; an exception leaving it is the command's outcome."""

    def transaction(self, record: GameRecord, actor: Actor) -> AbstractContextManager[TransactionWatch]:
        """Around one write (`Transactor.transact`), whoever makes it."""

    def creating(self) -> AbstractContextManager[object]:
        """Around the event store's creation of a game (its first append)."""

    def appending(self, stream_id: str, expected_version: int, events: int) -> AbstractContextManager[object]:
        """Around one caller's append, from its submission to its commit (the group commit's wait included)."""

    def group_commit(self, appends: list[tuple[str, int]]) -> AbstractContextManager[object]:
        """Around one statement that carries these appends (stream id, expected version) together."""

    def webhook_attempt(self, outcome: Outcome) -> None: ...


class _Unwatched:
    """Every watch, doing nothing."""

    def game(self, record: GameRecord, body: bytes) -> None:
        pass

    def seat(self, seat: int) -> None:
        pass

    def replayed(self) -> None:
        pass

    def ended(self, outcome: WriteOutcome) -> None:
        pass

    def deciding(self, version: int) -> AbstractContextManager[object]:
        return _NOTHING


_UNWATCHED = _Unwatched()
_NOTHING = contextlib.nullcontext()


class NoObserver:
    """The default: nothing observed, at the cost of a few calls that return at once."""

    @contextlib.contextmanager
    def command(self) -> Iterator[CommandWatch]:
        yield _UNWATCHED

    @contextlib.contextmanager
    def transaction(self, record: GameRecord, actor: Actor) -> Iterator[TransactionWatch]:
        yield _UNWATCHED

    def creating(self) -> AbstractContextManager[object]:
        return _NOTHING

    def appending(self, stream_id: str, expected_version: int, events: int) -> AbstractContextManager[object]:
        return _NOTHING

    def group_commit(self, appends: list[tuple[str, int]]) -> AbstractContextManager[object]:
        return _NOTHING

    def webhook_attempt(self, outcome: Outcome) -> None:
        pass


NO_OBSERVER: Observer = NoObserver()
