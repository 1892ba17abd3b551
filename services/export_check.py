"""The checks an export document passes before anything trusts it (docs/fair-play.md, "The export a verifier
reads"): strict JSON, a known format and protocol, a registered game, events 1..n of that game beginning with its
`GameCreated`, document-level fields equal to that event's, and (dealing 3) each event's data exactly what its type
writes. A document that fails is `CorruptExport` with a stable code (exit 2); whether a well-formed one proves its
game is services/verify.py's.

An import (`tapis import`) and an archived game read back go through the same reading; an import then verifies the
game (services/export.py).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, get_args

import msgspec

from domain.games.registry import GAMES
from domain.kernel.bots import BOT_BUDGETS
from domain.kernel.deal_key import DEALINGS, HEX64, commitment
from domain.kernel.events import GameCreated, GameEnded
from domain.kernel.table import Fairness
from domain.kernel.versioned import stored_tag
from services.canonical import canonical
from services.codec import GameCodec, codec
from services.export_format import (
    FORMAT,
    FORMAT_VERSION,
    READABLE_VERSIONS,
    ExportDocument,
    ExportedEvent,
    decode_document,
)
from services.ports import GameRecord, RecordedEvent
from services.strict_json import Malformed, strict_load

# An imported or archived game has no admin or seat tokens (they are not exported, and a finished game needs none):
# no token hashes to this, so every bearer of it reads it as a spectator does.
NO_TOKEN = b"\x00" * 32
# the same for a game of this server read back from the archive: told apart from an import, which the view and the
# listing mark (`imported`)
ARCHIVED = b"\x01" * 32


def tokenless(record: GameRecord) -> bool:
    """A game restored from an export (an import, or the archive): it keeps no tokens."""
    return record.admin_token_hash in (NO_TOKEN, ARCHIVED)


def archived(record: GameRecord) -> bool:
    """Whether the game is served from the archive (its record restored from its document there)."""
    return record.admin_token_hash == ARCHIVED


def imported(record: GameRecord) -> bool:
    """Whether the game came in by `tapis import` (or back from the archive): only such a record has no admin."""
    return record.admin_token_hash == NO_TOKEN


# the ids this server gives its games (`secrets.token_hex(8)`): a file keeps to them, so that an id never carries
# markup, a path or a megabyte into the listing
GAME_ID = re.compile(r"[0-9a-f]{16}")
SEED_SOURCES = ("server", "client")
FAIRNESS_LEVELS = tuple(get_args(Fairness))
DOCUMENT_KEYS = frozenset(ExportDocument.__struct_fields__)
EVENT_KEYS = frozenset(ExportedEvent.__struct_fields__)
STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z")
DOCUMENT_FIELDS = ("game_id", "game", "players", "options", "dealing", "seed_source")


class CorruptExport(Malformed):
    """The file is not an export this code reads; `code` is stable (docs/fair-play.md), the message names the
    problem."""


def restorable(blob: bytes, admin: bytes = NO_TOKEN) -> tuple[GameRecord, list[RecordedEvent]]:
    """The record and the events of a finished game's export, every check of the file done before anything is
    written; `admin`: the record's admin token hash, NO_TOKEN (an import) or ARCHIVED."""
    document, recorded, seed = parse(blob)
    check_ending(document, recorded, seed)
    record = GameRecord(
        game_id=document.game_id, game=document.game, seed=seed, admin_token_hash=admin, seat_token_hashes={}
    )
    return record, recorded


def parse(blob: bytes) -> tuple[ExportDocument, list[RecordedEvent], bytes]:
    """A finished game's document, its events as stored and its seed, when the file is well formed; CorruptExport
    (code and message) names what is not."""
    try:
        tree = strict_load(blob)
    except Malformed as exc:
        raise CorruptExport(exc.code, f"not an export document: {exc}") from None
    check_version(tree)
    try:
        document = decode_document(blob)
    except msgspec.DecodeError as exc:  # ValidationError is one: a field missing or of the wrong type
        raise CorruptExport("bad_shape", f"not an export document: {exc}") from None
    if document.dealing not in DEALINGS:
        raise CorruptExport("unknown_version", f"dealing version {document.dealing} does not exist")
    if document.game not in GAMES:
        raise CorruptExport("unknown_game", f"game {document.game!r} is not registered here")
    if not document.finished or document.seed is None:
        raise CorruptExport("not_finished", "only a finished game's export (with its seed) can be imported")
    if not HEX64.fullmatch(document.seed):
        raise CorruptExport("bad_value", "the seed is not 64 lowercase hex digits")
    check_values(document)
    versions = [e.version for e in document.events]
    if versions != list(range(1, len(versions) + 1)):
        raise CorruptExport("numbering", "the events are not numbered 1..n")
    recorded = [recorded_event(document, e) for e in document.events]
    check_events(document, recorded)
    return document, recorded, bytes.fromhex(document.seed)


def check_values(document: ExportDocument) -> None:
    """The document's values of a closed set or a fixed form: the game id as the server gives them, the seed's
    source, the fairness level, the creation time."""
    if not GAME_ID.fullmatch(document.game_id):
        raise CorruptExport("bad_value", "a game id is 16 lowercase hex digits, as the server gives them")
    if document.seed_source not in SEED_SOURCES:
        raise CorruptExport("bad_value", f"seed_source is one of {', '.join(SEED_SOURCES)}")
    if document.format_version >= 3 and document.fairness not in FAIRNESS_LEVELS:
        raise CorruptExport("bad_value", f"fairness is one of {', '.join(FAIRNESS_LEVELS)}")
    try:
        created = datetime.fromisoformat(document.created_at)
    except ValueError:
        raise CorruptExport("bad_value", "created_at is not a time") from None
    if created.tzinfo is None:
        raise CorruptExport("bad_value", "created_at has no time zone")


def check_version(tree: Any) -> None:
    """The format and its version first: a reader refuses what it does not know before reading it further."""
    if not isinstance(tree, dict):
        raise CorruptExport("bad_shape", "not an export document: the file is not a JSON object")
    if tree.get("format") != FORMAT:
        raise CorruptExport("bad_shape", f"not an export document: its format is {tree.get('format')!r}")
    version = tree.get("format_version")
    if isinstance(version, bool) or version not in READABLE_VERSIONS:
        raise CorruptExport(
            "unknown_version",
            f"format {FORMAT!r} version {version}: this code reads versions "
            f"{', '.join(map(str, READABLE_VERSIONS))} (it writes {FORMAT_VERSION})",
        )
    if version >= 3:  # format 3 writes every field: one left out is not given its old default
        check_fields("the document", tree, DOCUMENT_KEYS)
        events = tree.get("events")
        for i, event in enumerate(events if isinstance(events, list) else []):
            check_fields(f"event {i + 1}", event, EVENT_KEYS)


def check_fields(where: str, value: Any, keys: frozenset[str]) -> None:
    if not isinstance(value, dict):
        raise CorruptExport("bad_shape", f"{where} is not a JSON object")
    missing, unknown = keys - value.keys(), value.keys() - keys
    if missing or unknown:
        named = ", ".join(sorted(missing)) or ", ".join(sorted(unknown))
        raise CorruptExport("bad_shape", f"{where} {'lacks' if missing else 'holds unknown'} {named}")


def recorded_event(document: ExportDocument, exported: Any) -> RecordedEvent:
    if exported.chain is not None and not HEX64.fullmatch(exported.chain):
        raise CorruptExport("bad_value", f"event {exported.version}'s link is not 64 lowercase hex digits")
    if document.format_version >= 3 and not STAMP.fullmatch(exported.recorded_at):
        raise CorruptExport("bad_value", f"event {exported.version}'s time is not written YYYY-MM-DDTHH:MM:SS.ffffffZ")
    try:
        recorded_at = datetime.fromisoformat(exported.recorded_at)
    except ValueError:
        raise CorruptExport("bad_value", f"event {exported.version}'s time is not a time") from None
    if recorded_at.tzinfo is None:
        raise CorruptExport("bad_value", f"event {exported.version}'s time has no time zone")
    return RecordedEvent(
        position=0,
        stream_id=document.game_id,
        version=exported.version,
        type=exported.type,
        # compact, in the file's key order: the stored bytes again when the file is as exported (dealing 2's chain
        # hashes them), whatever whitespace a JSON tool added
        data=msgspec.json.encode(msgspec.json.decode(exported.data)),
        metadata=exported.metadata,
        recorded_at=recorded_at,
        schema_version=exported.schema_version,
        chain=exported.chain,
    )


def check_events(document: ExportDocument, recorded: list[RecordedEvent]) -> None:
    """Every event decodes as one of the game's at a version this code knows, the first creates this game with the
    document's own fields, and (dealing 3) each holds exactly what its type writes."""
    game_codec = codec(document.game)
    for r in recorded:
        current = game_codec.schema_version_of(r.type)
        if current is None:
            raise CorruptExport("bad_event", f"event {r.version}: {r.type!r} is not one of {document.game}'s events")
        if not 1 <= r.schema_version <= current:
            raise CorruptExport(
                "unknown_version",
                f"event {r.version} ({r.type}) is at schema version {r.schema_version}: this code knows 1 to {current}",
            )
    try:
        events = game_codec.events(recorded)
    except (msgspec.DecodeError, ValueError) as exc:
        raise CorruptExport("bad_event", f"an event is not one of {document.game}'s: {exc}") from None
    for r, e in zip(recorded, events, strict=True):
        if game_codec.tag(e) != r.type:
            raise CorruptExport("bad_event", f"event {r.version} says type {r.type!r} but holds a {game_codec.tag(e)}")
    created = events[0] if events else None
    if not isinstance(created, GameCreated):
        raise CorruptExport("bad_event", "the first event is not the GameCreated of this game")
    check_players(document, created)
    mismatched = [f for f in DOCUMENT_FIELDS if getattr(document, f) != getattr(created, f)]
    if mismatched:
        raise CorruptExport(
            "document_mismatch", f"the document's {', '.join(mismatched)} differ from the game's GameCreated"
        )
    if document.chain_head != (recorded[-1].chain if recorded else None):
        raise CorruptExport("document_mismatch", "the document's chain_head is not the last event's link")
    ended = next((e for e in reversed(events) if isinstance(e, GameEnded)), None)
    if ended is not None and ended.seed != document.seed:
        raise CorruptExport(
            "document_mismatch", "the document's seed is not the one GameEnded revealed, the seed commitment's"
        )
    if created.dealing >= 3:
        if document.format_version < 3:
            raise CorruptExport("document_mismatch", "a dealing-3 game is exported in format version 3")
        exact(game_codec, recorded, events)


def check_players(document: ExportDocument, created: GameCreated) -> None:
    """The player count is the game's (checked before anything is folded: a table of millions of seats is not), and
    the versions and the bots' budget are ones this code plays by (a budget of a billion would make the audit's
    replay of every bot run for days)."""
    rules = GAMES[document.game]
    if created.rules not in rules.rules_versions:
        raise CorruptExport("unknown_version", f"rules version {created.rules} does not exist")
    budget = created.bot_budget
    if budget is not None and not BOT_BUDGETS[0] <= budget <= BOT_BUDGETS[1]:
        raise CorruptExport("bad_value", f"a bot budget is {BOT_BUDGETS[0]} to {BOT_BUDGETS[1]} thousandths")
    for players in (created.players, document.players):
        if not rules.min_players <= players <= rules.max_players:
            raise CorruptExport(
                "unknown_game", f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {players}"
            )


def exact(game_codec: GameCodec, recorded: list[RecordedEvent], events: list[Any]) -> None:
    """Dealing 3: each event's data is exactly what its type writes (no unknown field, nothing left out), so that
    what the verifiers hash is what the rules read."""
    for r, e in zip(recorded, events, strict=True):
        if r.schema_version != game_codec.schema_version_of(r.type):
            continue  # written by an earlier release of the type: read through its upcasters
        written = canonical(msgspec.json.decode(game_codec.new_event(e).data))
        if canonical(msgspec.json.decode(r.data)) != written:
            raise CorruptExport("bad_event", f"event {r.version} ({r.type}) holds what its type does not write")


def check_ending(document: ExportDocument, recorded: list[RecordedEvent], seed: bytes) -> None:
    """What a restored game needs: it ends, with the seed its creation committed to."""
    created = codec(document.game).event(recorded[0])
    assert isinstance(created, GameCreated)  # what `check_events` checked
    if commitment(created.dealing, created.game_id, seed) != created.seed_commitment:
        raise CorruptExport("commitment", "the seed does not match the game's seed commitment")
    # each event's type was checked against its data (`check_events`): no need to decode them again
    if not any(r.type == stored_tag(GameEnded) for r in recorded):
        raise CorruptExport("not_finished", "the events do not end the game")
