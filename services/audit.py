"""The audit of a finished game in the store: every check of services/verify.py, and the replay against the
projection that serves the game.

A finished game's events never change (only a rematch appends one more, which makes a new version), so each
process keeps the reports it made in a small LRU keyed by game and version: the same audit asked again costs one
read of the projection, to learn the game's version, instead of reading and re-executing every event. Only a
report that compared the replay with the projection and found them equal is kept: a projection that was missing,
or behind the events, is looked at again next time.
"""

from __future__ import annotations

from cachetools import LRUCache

from domain.kernel.viewer import EVERYONE
from services.codec import codec, encode_table
from services.errors import Conflict
from services.ports import GameRecord, ProjectionUnavailable
from services.repository import Repository
from services.results import AuditReport
from services.verify import NotFinished, Verified, check, verify


class Auditor:
    def __init__(self, repo: Repository, cache_size: int = 1024) -> None:
        self.repo = repo
        self._reports: LRUCache[tuple[str, int], AuditReport] = LRUCache(maxsize=cache_size)

    async def audit(self, game_id: str) -> AuditReport:
        record = await self.repo.record(game_id)
        head = await self._snapshot(record)
        made = self._reports.get((game_id, head[0])) if head is not None else None
        if made is not None:
            return made
        game_codec = codec(record.game)
        recorded = await self.repo.events(game_id)
        try:
            verified = verify(game_codec, recorded)
        except NotFinished as exc:
            raise Conflict(str(exc), code="game_not_finished") from None
        replayed = verified.table
        # the projection read above serves when it is at the replayed version; else it is read again, after the events
        loaded = head if head is not None and head[0] == replayed.version else await self._snapshot(record)
        if loaded is None:
            verified.checks.append(check("replay", True, f"{len(recorded)} events replayed; no projection to compare"))
        else:
            same = loaded[1] == encode_table(replayed)
            verified.checks.append(
                check("replay", same, f"{len(recorded)} events replayed; equal to the projection: {same}")
            )
            if same:
                made = self._reports[(game_id, replayed.version)] = report(game_id, record.game, verified)
                return made
        return report(game_id, record.game, verified)

    async def _snapshot(self, record: GameRecord) -> tuple[int, bytes] | None:
        try:
            return await self.repo.snapshot(record)
        except ProjectionUnavailable:
            return None


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
        fair=verified.fair,
        fairness=table.fairness,
    )
