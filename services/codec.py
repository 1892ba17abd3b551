"""Per game: events to and from JSON, the folded table to and from msgpack, commands from request bodies.

An event is stored under its tag with its class's schema version; one stored by an earlier release at an older
version is upcast on the way in, one step at a time (docs/events.md).
"""

from __future__ import annotations

import hashlib
import re
from functools import cache
from typing import Any, Union

import msgspec

from domain.games.registry import GAMES
from domain.kernel import table as tables
from domain.kernel.events import TABLE_EVENTS
from domain.kernel.game import AnyGame
from domain.kernel.table import Table
from domain.kernel.versioned import Upcast, schema_version, stored_tag, upcasts
from services.errors import NotFound, Unavailable
from services.ports import NewEvent, RecordedEvent

# An event's fields as plain JSON values (msgspec.to_builtins of a Struct of str, int, bool, None, lists and Structs)
JsonValue = str | int | float | bool | None | list["JsonValue"] | dict[str, "JsonValue"]
EventData = dict[str, JsonValue]

LIFECYCLE = TABLE_EVENTS


class NewerSchema(Unavailable):
    """An event stored at a schema version this code does not know: a newer release wrote it (a deploy under way,
    or a rollback). Unavailable, so that the caller retries, and meets a process of the newer release."""


class Versioned(msgspec.Struct, frozen=True):
    """What the codec knows of one event type: its class, the version it writes, the steps up to it."""

    cls: type[msgspec.Struct]
    version: int
    steps: tuple[Upcast, ...]


class GameCodec:
    def __init__(self, rules: AnyGame) -> None:
        self.rules = rules
        members: tuple[type[msgspec.Struct], ...] = tuple(dict.fromkeys((*LIFECYCLE, *rules.event_types)))
        self.event_type: Any = Union[members]  # noqa: UP007 - a runtime union of a tuple needs Union[]
        self._event: msgspec.json.Decoder[msgspec.Struct] = msgspec.json.Decoder(self.event_type)
        # built here, so that an event missing an upcaster fails the deploy, not the first old game it reads
        self._types = {stored_tag(cls): Versioned(cls, schema_version(cls), upcasts(cls)) for cls in members}
        self._current = {tag: known.version for tag, known in self._types.items()}
        self._tags = {known.cls: tag for tag, known in self._types.items()}
        self._table = msgspec.msgpack.Decoder(Table[rules.state_type])  # type: ignore[name-defined]
        self.fingerprint = schema_fingerprint(Table[rules.state_type])  # type: ignore[name-defined]
        self._command: msgspec.json.Decoder[msgspec.Struct] = msgspec.json.Decoder(rules.command_type)
        self._encoder = msgspec.json.Encoder()

    def schema_version_of(self, tag: str) -> int | None:
        """The schema version this code writes events of type `tag` at; None for a type the game does not have."""
        return self._current.get(tag)

    def new_event(self, event: msgspec.Struct) -> NewEvent:
        cls = type(event)
        return NewEvent(type=self.tag(event), data=self._encoder.encode(event), schema_version=schema_version(cls))

    def event(self, recorded: RecordedEvent) -> msgspec.Struct:
        # at the code's version (every event but those of an earlier release): straight to the struct, no dict;
        # a tag the game does not know falls through to the decoder, which refuses it as before
        if self._current.get(recorded.type, recorded.schema_version) == recorded.schema_version:
            return self._event.decode(recorded.data)
        return self._upcast(recorded)

    def events(self, recorded: list[RecordedEvent]) -> list[msgspec.Struct]:
        decode, current = self._event.decode, self._current
        return [
            decode(r.data) if current.get(r.type, r.schema_version) == r.schema_version else self._upcast(r)
            for r in recorded
        ]

    def _upcast(self, recorded: RecordedEvent) -> msgspec.Struct:
        """An event stored at an older version: its stored fields through each step from there, then the struct."""
        known = self._types[recorded.type]
        stored = recorded.schema_version
        if stored > known.version:
            raise NewerSchema(
                f"{recorded.type} (stream {recorded.stream_id}, version {recorded.version}) is stored at schema"
                f" version {stored}, and this code reads it up to version {known.version}: a newer release wrote it"
            )
        if stored < 1:
            raise ValueError(f"{recorded.type} is stored at schema version {stored}: versions start at 1")
        data: dict[str, Any] = msgspec.json.decode(recorded.data)
        for step in known.steps[stored - 1 :]:
            data = step(data)
        # the class itself, not the union: the tag cannot change on the way, and a step need not keep `type`
        return msgspec.convert(data, known.cls)

    def table(self, blob: bytes) -> Table[Any]:
        return self._table.decode(blob)

    def fold(self, recorded: list[RecordedEvent], decoded: list[Any] | None = None) -> Table[Any]:
        """The table a whole stored stream folds to, with the chain's head (which only stored events know);
        `decoded`: the same events already decoded, by a caller that needed them too."""
        table = tables.fold(self.rules, self.events(recorded) if decoded is None else decoded)
        return msgspec.structs.replace(table, chain_head=recorded[-1].chain)

    def evolve(self, table: Table[Any], recorded: list[RecordedEvent]) -> Table[Any]:
        """`table` moved on by the stored events that follow it, with the chain's head."""
        if not recorded:
            return table
        table = tables.evolve_all(self.rules, table, self.events(recorded))
        return msgspec.structs.replace(table, chain_head=recorded[-1].chain)

    def command(self, body: bytes) -> msgspec.Struct:
        return self._command.decode(body)

    def tag(self, event: msgspec.Struct) -> str:
        """The name an event is stored (and shown) under: its tag, never its class name."""
        cls = type(event)
        return self._tags.get(cls) or stored_tag(cls)

    @staticmethod
    def data(event: msgspec.Struct) -> EventData:
        """An event as the API shows it: its fields, without the `type` tag (given beside it)."""
        builtins: EventData = msgspec.to_builtins(event)
        builtins.pop("type", None)
        return builtins


def schema_fingerprint(state: Any) -> str:
    """What a stored snapshot's shape depends on: every field's name, type and default, nested, of the table and
    the game's state (docstrings and comments do not count). Another fingerprint means another shape: the snapshot
    is refolded from the event store instead of decoded."""
    # a default made by a function is named by it, not by where it sits in this process' memory
    described = re.sub(r" at 0x[0-9a-f]+", "", repr(msgspec.inspect.type_info(state)))
    return hashlib.sha256(described.encode()).hexdigest()[:16]


class UnknownGame(NotFound):
    code = "game_type_not_served"


@cache
def codec(game: str) -> GameCodec:
    rules = GAMES.get(game)
    if rules is None:
        # a stored game of a type this server does not register (another deployment's, or one removed since)
        raise UnknownGame(f"this server does not serve games of type {game!r}", details={"games": sorted(GAMES)})
    return GameCodec(rules)


def encode_table(table: Table[Any]) -> bytes:
    return msgspec.msgpack.encode(table)
