"""`tapis backup verify`: what a restored event store holds, checked after a restore (docs/backup-restore.md).

Three questions, each answerable from the restored servers alone except the last:

- **chains**: does every game's hash chain (services/chain.py) hold from its first event to its last, and does the
  last event's version match the game's row? A restore that replayed a torn page or stopped inside a transaction
  would show here.
- **projections**: is every game's Redis projection at the version the store holds? Redis is not restored with
  Postgres: until `tapis rebuild` it holds states from after the restore point.
- **heads** (with `--heads FILE`): the chain heads that clients were answered with (a command's answer, a view, a
  webhook), one JSON object a line `{"game_id", "version", "chain_head"}`. Each is `kept` (the restored chain has
  exactly that link at that version), `lost` (the restored game stops before that version, or does not exist: the
  work was acknowledged after the restore point) or `forked` (the restored game has a different link at that version:
  not a history this store ever held with that head, which no restore should produce).

A broken chain, a projection out of step or a forked head fails the command (exit 1); lost heads are reported (their
clients must be told) without failing it: a restore to a point in time loses what came after by design.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

from infra.settings import Settings

if TYPE_CHECKING:
    from services.chain import Links
    from services.ports import GameRecord, RecordedEvent

__all__ = ["Head", "HeadsError", "Verification", "parse_heads", "verify_restore"]


class Head(msgspec.Struct, frozen=True):
    game_id: str
    version: int
    chain_head: str


class HeadsError(ValueError):
    """A heads file line that is not `{"game_id", "version", "chain_head"}`."""


def parse_heads(text: str) -> list[Head]:
    heads = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            heads.append(msgspec.json.decode(line, type=Head))
        except msgspec.DecodeError as exc:
            raise HeadsError(f"line {number}: {exc}") from exc
    return heads


@dataclass
class Verification:
    games: int = 0
    events: int = 0
    unchained: int = 0  # games recorded before the chain existed: nothing to check
    broken: list[dict[str, Any]] = field(default_factory=list)
    projections_wrong: list[dict[str, Any]] = field(default_factory=list)
    projections_unavailable: bool = False
    kept: list[Head] = field(default_factory=list)
    lost: list[dict[str, Any]] = field(default_factory=list)
    forked: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.broken or self.projections_wrong or self.projections_unavailable or self.forked)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "games": self.games,
            "events": self.events,
            "unchained": self.unchained,
            "broken": self.broken,
            "projections_wrong": self.projections_wrong,
            "projections_unavailable": self.projections_unavailable,
            "heads": {
                "kept": [msgspec.structs.asdict(head) for head in self.kept],
                "lost": self.lost,
                "forked": self.forked,
            },
        }

    def lines(self) -> list[str]:
        chains = f"{self.games} games, {self.events} events" + (
            f" ({self.unchained} recorded before the chain: not checked)" if self.unchained else ""
        )
        out = [
            f"{'FAIL' if self.broken else 'ok  '}  chains: {chains}"
            + (f"; {len(self.broken)} broken" if self.broken else "; every chain holds")
        ]
        out += [f"        {b['game_id']} at version {b['version']}: {b['problem']}" for b in self.broken]
        if self.projections_unavailable:
            out.append("FAIL  projections: Redis did not answer")
        elif self.projections_wrong:
            out.append(
                f"FAIL  projections: {len(self.projections_wrong)} games' Redis projection is not at the store's "
                "version: run `tapis rebuild`"
            )
            out += [
                f"        {p['game_id']}: store {p['store']}, projection {p['projection']}"
                for p in self.projections_wrong[:20]
            ]
        else:
            out.append("ok    projections: every game's at the store's version")
        if self.kept or self.lost or self.forked:
            out.append(
                f"{'FAIL' if self.forked else 'ok  '}  heads: {len(self.kept)} kept, {len(self.lost)} lost "
                f"(acknowledged after the restore point), {len(self.forked)} forked"
            )
            out += [f"        lost    {h['game_id']} version {h['version']}: {h['problem']}" for h in self.lost]
            out += [f"        forked  {h['game_id']} version {h['version']}: {h['problem']}" for h in self.forked]
        return out


async def verify_restore(settings: Settings, heads: list[Head]) -> Verification:
    """Reads every event of every game in the hot tables once (archived games are checked through `heads` only)."""
    import asyncpg

    from bootstrap import connected
    from services.chain import first_break
    from services.ports import ProjectionUnavailable

    assert settings.database_url
    found = Verification()
    conn = await asyncpg.connect(settings.database_url)
    try:
        games = await conn.fetch("SELECT game_id, version FROM games ORDER BY game_id")
    finally:
        await conn.close()
    async with connected(settings, pool_size=2) as services:
        repo = services.repo
        for row in games:
            game_id, version = row["game_id"], row["version"]
            events = await repo.events(game_id)
            found.games += 1
            found.events += len(events)
            last = events[-1].version if events else 0
            if last != version:
                found.broken.append(
                    {"game_id": game_id, "version": last, "problem": f"the game's row says version {version}"}
                )
            record = await repo.record(game_id)
            if events and events[0].chain is None:
                found.unchained += 1
            elif (broken := first_break(_links(record, events[0]), events)) is not None:
                found.broken.append(
                    {"game_id": game_id, "version": broken.version, "problem": "its link is not its predecessor's hash"}
                )
            if found.projections_unavailable:
                continue
            try:
                snapshot = await repo.snapshot(record)
            except ProjectionUnavailable:
                found.projections_unavailable = True
                continue
            projected = snapshot[0] if snapshot is not None else None
            if projected != version:
                found.projections_wrong.append({"game_id": game_id, "store": version, "projection": projected})
        links: dict[str, dict[int, str | None]] = {}
        for head in heads:
            if head.game_id not in links:  # the hot tables, else the archive (repo.events asks both)
                links[head.game_id] = {event.version: event.chain for event in await repo.events(head.game_id)}
            _place(found, head, links[head.game_id])
    return found


def _links(record: GameRecord, first: RecordedEvent) -> Links:
    """How the game's events are linked: the dealing version its creation recorded decides, and from dealing 3 its
    seed keys the links, which the store holds (the operator's check, not a player's)."""
    from domain.kernel.events import GameCreated
    from services.chain import links_of
    from services.codec import codec

    created = codec(record.game).event(first)
    assert isinstance(created, GameCreated), f"{record.game_id} starts with {first.type}"
    return links_of(record.game_id, created.dealing, record.seed)


def _place(found: Verification, head: Head, links: dict[int, str | None]) -> None:
    shown = msgspec.structs.asdict(head)
    if not links:
        found.lost.append({**shown, "problem": "no such game after the restore"})
    elif head.version not in links:
        found.lost.append({**shown, "problem": f"the restored game stops at version {max(links)}"})
    elif links[head.version] == head.chain_head:
        found.kept.append(head)
    else:
        found.forked.append({**shown, "problem": f"the restored link is {links[head.version]}"})


def run(settings: Settings, heads: list[Head]) -> Verification:
    return asyncio.run(verify_restore(settings, heads))
