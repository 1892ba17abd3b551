"""The audit of a finished game: commitment, every shuffle re-derived from the seed, replay."""

from __future__ import annotations

import hashlib

from domain.kernel import table as tables
from domain.kernel.events import DeckShuffled, GameCreated, GameEnded
from domain.kernel.shuffle import shuffle, shuffle_label
from domain.kernel.viewer import EVERYONE
from services.codec import codec, encode_table
from services.errors import Conflict
from services.ports import ProjectionUnavailable
from services.repository import Repository
from services.results import AuditCheck, AuditReport


def check(name: str, ok: bool, detail: str) -> AuditCheck:
    return AuditCheck(name=name, ok=ok, detail=detail)


class Auditor:
    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    async def audit(self, game_id: str) -> AuditReport:
        record = await self.repo.record(game_id)
        game_codec = codec(record.game)
        recorded = await self.repo.events(game_id)
        events = game_codec.events(recorded)
        # a RematchCreated may follow the end
        created, ended = events[0], next((e for e in reversed(events) if isinstance(e, GameEnded)), None)
        if not isinstance(ended, GameEnded) or not isinstance(created, GameCreated):
            raise Conflict("only a finished game can be audited", code="game_not_finished")
        seed = bytes.fromhex(ended.seed)
        checks = [
            check(
                "commitment",
                hashlib.sha256(seed).hexdigest() == created.seed_commitment,
                "sha256(seed) equals the seed_commitment published in GameCreated",
            )
        ]
        shuffles = [e for e in events if isinstance(e, DeckShuffled)]
        bad = [
            e.label
            for k, e in enumerate(shuffles)
            if e.label != shuffle_label(k) or shuffle(seed, e.label, e.source) != e.order
        ]
        checks.append(
            check(
                "shuffles",
                not bad,
                f"{len(shuffles)} shuffles re-derived from the seed" + (f"; mismatched: {bad}" if bad else ""),
            )
        )
        replayed = tables.fold(game_codec.rules, events)
        rules = game_codec.rules
        consistent = replayed.scores == ended.scores and replayed.winners == ended.winners
        checks.append(check("scores", consistent, "the replayed scores and winners equal those of GameEnded"))
        try:
            loaded = await self.repo.snapshot(record)
        except ProjectionUnavailable:
            loaded = None
        if loaded is None:
            checks.append(check("replay", True, f"{len(events)} events replayed; no projection to compare (Redis)"))
        else:
            same = loaded[1] == encode_table(replayed)
            checks.append(check("replay", same, f"{len(events)} events replayed; equal to the projection: {same}"))
        return AuditReport(
            game_id=game_id,
            game=record.game,
            ok=all(c.ok for c in checks),
            seed=ended.seed,
            seed_commitment=created.seed_commitment,
            version=replayed.version,
            scores=replayed.scores,
            winners=replayed.winners,
            final_state=rules.view(replayed.inner, EVERYONE) if replayed.inner is not None else None,
            checks=checks,
        )
