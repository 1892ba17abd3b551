"""The checks an export document passes before it becomes a game again (an import, an archived game read back):
its shape and format version, a registered game, events 1..n of that game that end it with the committed seed."""

from __future__ import annotations

import msgspec

from domain.games.registry import GAMES
from domain.kernel.deal_key import DEALINGS, commitment
from domain.kernel.events import GameCreated, GameEnded
from domain.kernel.versioned import stored_tag
from services.codec import codec
from services.export_format import FORMAT, FORMAT_VERSION, READABLE_VERSIONS, ExportDocument, decode_document
from services.ports import GameRecord, RecordedEvent

# An imported or archived game has no admin or seat tokens (they are not exported, and a finished game needs none):
# no token hashes to this, so every bearer of it reads it as a spectator does.
NO_TOKEN = b"\x00" * 32


class CorruptExport(ValueError):
    """The file is not an export this code can restore; the message names the problem."""


def restorable(blob: bytes) -> tuple[GameRecord, list[RecordedEvent]]:
    """The record and the events of a finished game's export, every check done before anything is written."""
    document, recorded, seed = parse(blob)
    check_ending(document, recorded, seed)
    record = GameRecord(
        game_id=document.game_id, game=document.game, seed=seed, admin_token_hash=NO_TOKEN, seat_token_hashes={}
    )
    return record, recorded


def parse(blob: bytes) -> tuple[ExportDocument, list[RecordedEvent], bytes]:
    """A finished game's document, its events as stored and its seed, when the file is well formed: a document of a
    readable version, of a registered game, whose events are numbered 1..n, decode as that game's, and begin with
    its `GameCreated`. CorruptExport names what is not. Whether the events prove the game is services/verify.py's."""
    try:
        document = decode_document(blob)
    except msgspec.DecodeError as exc:  # ValidationError is one: a field missing or of the wrong type
        raise CorruptExport(f"not an export document: {exc}") from exc
    if document.format != FORMAT or document.format_version not in READABLE_VERSIONS:
        raise CorruptExport(
            f"format {document.format!r} version {document.format_version}: this code reads {FORMAT!r} versions "
            f"{', '.join(map(str, READABLE_VERSIONS))} (it writes {FORMAT_VERSION})"
        )
    if document.dealing not in DEALINGS:
        raise CorruptExport(f"dealing version {document.dealing} does not exist")
    if document.game not in GAMES:
        raise CorruptExport(f"game {document.game!r} is not registered here")
    if not document.finished or document.seed is None:
        raise CorruptExport("only a finished game's export (with its seed) can be imported")
    versions = [e.version for e in document.events]
    if versions != list(range(1, len(versions) + 1)):
        raise CorruptExport("the events are not numbered 1..n")
    try:
        seed = bytes.fromhex(document.seed)
    except ValueError as exc:
        raise CorruptExport("the seed is not hex") from exc
    recorded = [
        RecordedEvent(
            position=0,
            stream_id=document.game_id,
            version=e.version,
            type=e.type,
            data=bytes(e.data),
            metadata=e.metadata,
            recorded_at=e.recorded_at,
            schema_version=e.schema_version,
            chain=e.chain,
        )
        for e in document.events
    ]
    check_events(document, recorded)
    return document, recorded, seed


def check_events(document: ExportDocument, recorded: list[RecordedEvent]) -> None:
    """Every event decodes as one of the game's, and the first creates this game."""
    game_codec = codec(document.game)
    try:
        events = game_codec.events(recorded)
    except msgspec.DecodeError as exc:
        raise CorruptExport(f"an event is not one of {document.game}'s: {exc}") from exc
    for r, e in zip(recorded, events, strict=True):
        if game_codec.tag(e) != r.type:
            raise CorruptExport(f"event {r.version} says type {r.type!r} but holds a {game_codec.tag(e)}")
    created = events[0] if events else None
    if not isinstance(created, GameCreated) or (created.game_id, created.game) != (document.game_id, document.game):
        raise CorruptExport("the first event is not the GameCreated of this game")


def check_ending(document: ExportDocument, recorded: list[RecordedEvent], seed: bytes) -> None:
    """What a restored game needs: it ends, with the seed its creation committed to."""
    created = codec(document.game).event(recorded[0])
    assert isinstance(created, GameCreated)  # what `check_events` checked
    if commitment(created.dealing, created.game_id, seed) != created.seed_commitment:
        raise CorruptExport("the seed does not match the game's seed commitment")
    # each event's type was checked against its data (`check_events`): no need to decode them again
    if not any(r.type == stored_tag(GameEnded) for r in recorded):
        raise CorruptExport("the events do not end the game")
