"""Export and import of one game as a versioned JSON document (services/export_format.py, docs/export-format.md).

A finished game exports everything, as stored: the seed, every event's JSON text, metadata and schema version.
A running game exports what the bearer may see: the events redacted for them, no metadata, no seed.
An import restores a finished game's document under its id, as it was: exporting it again gives the same bytes.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel import table as tables
from domain.kernel.events import GameCreated
from services.access import bearer
from services.canonical import stamp
from services.codec import codec
from services.errors import Conflict
from services.export_check import NO_TOKEN, CorruptExport, parse
from services.export_format import FORMAT, FORMAT_VERSION, ExportDocument, ExportedEvent, encode_document
from services.ports import ConcurrencyConflict, GameRecord, RecordedEvent
from services.queries import viewer_of
from services.repository import Repository
from services.verify import NotFinished, Unfoldable, verify


class FailedVerification(CorruptExport):
    """An import whose game does not verify (docs/fair-play.md): `code` names the first failed check. A refusal of
    the file as the others are; the command line tells it apart (exit 1, not 2)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(code, f"{code}: {detail}")


class GameExports:
    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    async def export(self, game_id: str, token: str | None) -> bytes:
        return encode_document(await self.document(game_id, token))

    async def document(self, game_id: str, token: str | None) -> ExportDocument:
        record, principal = await bearer(self.repo, game_id, token)
        game_codec = codec(record.game)
        recorded = await self.repo.events(game_id)
        decoded = game_codec.events(recorded)
        table = tables.fold(game_codec.rules, decoded)
        finished = table.status == "finished"
        created = decoded[0]
        assert isinstance(created, GameCreated)
        if finished:
            events = [exported(r, msgspec.Raw(r.data), r.metadata) for r in recorded]
        else:
            viewer = viewer_of(principal)
            encoder = msgspec.json.Encoder()
            events = [
                exported(r, msgspec.Raw(encoder.encode(tables.redact(game_codec.rules, table, e, viewer))), {})
                for r, e in zip(recorded, decoded, strict=True)
            ]
        return ExportDocument(
            format=FORMAT,
            format_version=FORMAT_VERSION,
            game_id=game_id,
            game=record.game,
            players=created.players,
            options=created.options,
            created_at=stamp(recorded[0].recorded_at),
            finished=finished,
            seed=record.seed.hex() if finished else None,
            dealing=created.dealing,
            seed_source=created.seed_source,
            chain_head=recorded[-1].chain,
            fairness=table.fairness,
            events=events,
        )

    async def import_(self, blob: bytes) -> str:
        """Restore the document's game once it verifies; CorruptExport for a bad file (or an id not in the server's
        format), FailedVerification naming the first failed check, Conflict when the id exists (in the hot tables or
        the archive). Nothing is written in any of these cases. Returns the game id."""
        document, events, seed = parse(blob)
        # verified before the end is looked at alone: a downgraded file is named by its protocol, not its commitment
        try:
            failure = verify(codec(document.game), events).first_failure
        except Unfoldable as exc:
            raise FailedVerification("re_execution", str(exc)) from None
        except NotFinished as exc:
            raise CorruptExport("not_finished", str(exc)) from None
        if failure is not None:
            raise FailedVerification(failure.name, failure.detail)
        record = GameRecord(
            game_id=document.game_id, game=document.game, seed=seed, admin_token_hash=NO_TOKEN, seat_token_hashes={}
        )
        refused = Conflict(f"game {record.game_id} exists already: nothing imported", code="game_exists")
        if await self.repo.exists(record.game_id):
            raise refused
        try:
            await self.repo.restore(record, events)
        except ConcurrencyConflict as exc:  # created meanwhile
            raise refused from exc
        return record.game_id


def exported(recorded: RecordedEvent, data: msgspec.Raw, metadata: dict[str, Any]) -> ExportedEvent:
    return ExportedEvent(
        version=recorded.version,
        type=recorded.type,
        schema_version=recorded.schema_version,
        data=data,
        recorded_at=stamp(recorded.recorded_at),
        metadata=metadata,
        chain=recorded.chain,
    )
