"""The audit of a finished game in the store: every check of services/verify.py, and the replay against the
projection that serves the game."""

from __future__ import annotations

from domain.kernel.viewer import EVERYONE
from services.codec import codec, encode_table
from services.errors import Conflict
from services.ports import ProjectionUnavailable
from services.repository import Repository
from services.results import AuditReport
from services.verify import NotFinished, Verified, check, verify


class Auditor:
    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    async def audit(self, game_id: str) -> AuditReport:
        record = await self.repo.record(game_id)
        game_codec = codec(record.game)
        recorded = await self.repo.events(game_id)
        try:
            verified = verify(game_codec, recorded)
        except NotFinished as exc:
            raise Conflict(str(exc), code="game_not_finished") from None
        try:
            loaded = await self.repo.snapshot(record)
        except ProjectionUnavailable:
            loaded = None
        replayed = verified.table
        if loaded is None:
            verified.checks.append(check("replay", True, f"{len(recorded)} events replayed; no projection to compare"))
        else:
            same = loaded[1] == encode_table(replayed)
            verified.checks.append(
                check("replay", same, f"{len(recorded)} events replayed; equal to the projection: {same}")
            )
        return report(game_id, record.game, verified)


def report(game_id: str, game: str, verified: Verified) -> AuditReport:
    table, created, ended = verified.table, verified.created, verified.ended
    rules = codec(game).rules
    return AuditReport(
        game_id=game_id,
        game=game,
        ok=verified.ok,
        seed=ended.seed,
        seed_commitment=created.seed_commitment,
        version=table.version,
        scores=table.scores,
        winners=table.winners,
        final_state=rules.view(table.inner, EVERYONE) if table.inner is not None else None,
        checks=verified.checks,
        dealing=created.dealing,
        seed_source=created.seed_source,
        chain_head=table.chain_head,
        fair=verified.ok and created.dealing > 1 and created.seed_source == "server",
    )
