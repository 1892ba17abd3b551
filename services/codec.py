"""Per game: events to and from JSON, the folded table to and from msgpack, commands from request bodies."""

from __future__ import annotations

import hashlib
from functools import cache
from typing import Any, Union

import msgspec

from domain.games.registry import GAMES
from domain.kernel.events import SEAT_EVENTS, DeckShuffled, GameCreated, GameEnded, GameStarted, PlayerJoined
from domain.kernel.game import AnyGame
from domain.kernel.table import Table
from services.ports import NewEvent, RecordedEvent

LIFECYCLE = (GameCreated, PlayerJoined, GameStarted, DeckShuffled, GameEnded, *SEAT_EVENTS)


class GameCodec:
    def __init__(self, rules: AnyGame) -> None:
        self.rules = rules
        members = tuple(dict.fromkeys((*LIFECYCLE, *rules.event_types)))
        self.event_type: Any = Union[members]  # noqa: UP007 - a runtime union of a tuple needs Union[]
        self._event = msgspec.json.Decoder(self.event_type)
        self._table = msgspec.msgpack.Decoder(Table[rules.state_type])  # type: ignore[name-defined]
        self.fingerprint = schema_fingerprint(Table[rules.state_type])  # type: ignore[name-defined]
        self._command = msgspec.json.Decoder(rules.command_type)
        self._encoder = msgspec.json.Encoder()

    def new_event(self, event: msgspec.Struct) -> NewEvent:
        return NewEvent(type=type(event).__name__, data=self._encoder.encode(event))

    def event(self, recorded: RecordedEvent) -> Any:
        return self._event.decode(recorded.data)

    def events(self, recorded: list[RecordedEvent]) -> list[Any]:
        return [self._event.decode(r.data) for r in recorded]

    def table(self, blob: bytes) -> Table[Any]:
        return self._table.decode(blob)

    def command(self, body: bytes) -> Any:
        return self._command.decode(body)

    @staticmethod
    def data(event: msgspec.Struct) -> dict[str, Any]:
        """An event as the API shows it: its fields, without the `type` tag (given beside it)."""
        builtins: dict[str, Any] = msgspec.to_builtins(event)
        builtins.pop("type", None)
        return builtins


def schema_fingerprint(state: Any) -> str:
    """What a stored snapshot's shape depends on: every field's name, type and default, nested, of the table and
    the game's state (docstrings and comments do not count). Another fingerprint means another shape: the snapshot
    is refolded from the event store instead of decoded."""
    described = repr(msgspec.inspect.type_info(state))
    return hashlib.sha256(described.encode()).hexdigest()[:16]


@cache
def codec(game: str) -> GameCodec:
    return GameCodec(GAMES[game])


def encode_table(table: Table[Any]) -> bytes:
    return msgspec.msgpack.encode(table)
