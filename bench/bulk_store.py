"""The large store's bulk writer (bench/store_scale.py): real games written under many fresh ids by COPY, row for
row what the real append writes.

A pool of games of every kind is played first, in memory, through the real service layer (`bootstrap.in_memory`:
`GameCommands.create`, `join` and `start`, then every move as a seated human's `GameCommands.command`, the moves
chosen by the rules' random bot from a mirror of the table, as bench/http_load.py's clients choose theirs). Each
pool game is then written many times, each copy under a fresh game id, a fresh seed, fresh admin and seat tokens and
new times (one write every STEP, the game's start anywhere in the year the store covers). What depends on those is
derived again exactly as the real path derives it:

- `GameCreated`'s `game_id` and `seed_commitment` (`commitment(dealing, game id, seed)`), `GameEnded`'s revealed
  `seed`: the same lengths, so the same bytes per row;
- every event's `recorded_at` (a write's events share one stamp, as an append stamps them) and its link in the
  dealing-3 keyed chain (`chain_key(game id, seed)`, over the canonical event with its metadata and time: the
  bytes come from services/chain.py's own `assembled`, the links checked by the code `tapis verify` runs);
- the `games` row (version, seed, admin token hash, the portal's key id, `created_at` = the creation's stamp) and one
  `seat_tokens` row per seat, as `create`, `join` and the appends leave them.

What a copy cannot re-derive: the deals. The deal key is HMAC(seed, game id, the seats' entropy), so under a new id
the recorded shuffles are not the shuffles of the new key, and the audit of a copy fails `shuffles` and
`re_execution` (the first deal differs) while `protocol`, `commitment`, `reveals`, `deal_key`, `chain` and `scores`
pass (`bot_moves` too: the pool's seats are humans; tests/integration/test_bulk_store.py). A copy is a whole game
whose cards were dealt by another key: the same events, sizes and index entries as a played game, not a game a
player could audit. The copy that keeps its pool game's id and seed (`Copy.same`) passes every check.

Rows go in with asyncpg's `copy_records_to_table` (binary COPY: the json column takes the event's text as written,
jsonb parses the metadata as `::jsonb` does), one transaction per batch of games whose writes are interleaved in the
log as concurrent tables leave them. Defaults the append leaves to Postgres stay Postgres' (`position`, `tx_id`);
what differs: a batch's rows share one `tx_id` (a real append's rows share theirs per group commit), and no
`idempotency` row is written (the benchmark's clients send no `Idempotency-Key`, so their games have none either).
"""

from __future__ import annotations

import hmac
import os
import secrets
from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta
from typing import Any

import asyncpg
import msgspec

import bootstrap
from bench.mirror import Mirror
from domain.kernel.deal_key import chain_key, commitment
from services.auth import api_key_id, new_token, token_hash
from services.canonical import canonical, stamp
from services.chain import assembled, links_of
from services.ports import GameRecord, RecordedEvent

STEP = timedelta(seconds=2)  # between two writes of a copied game
MARK = b"\x00stamp\x00"  # where a link's bytes hold the time: split once per pool event, filled per copy
EVENT_COLUMNS = ("stream_id", "version", "type", "data", "metadata", "recorded_at", "schema_version", "chain")
GAME_COLUMNS = ("game_id", "game", "version", "seed", "admin_token_hash", "api_key_id", "join_code_hash", "created_at")
TOKEN_COLUMNS = ("game_id", "seat", "token_hash")


class Variant(msgspec.Struct, frozen=True):
    """A kind of game in the store and its share of the finished games (per mille)."""

    game: str
    players: int
    options: dict[str, Any] | None
    per_mille: int


ONE_ROUND = {"end": {"kind": "rounds", "rounds": 1}}
# a year of a portal's games: mostly short ones (one round of six-nimmt, one deal of barbu), some whole games of every
# kind; about 126 events a game on average (the pool's sizes: 97, 104, 620, 274, 1,272 and 1,930 events)
VARIANTS: tuple[Variant, ...] = (
    Variant("six-nimmt", 2, ONE_ROUND, 475),
    Variant("barbu", 4, {"max_rounds": 1}, 475),
    Variant("six-nimmt", 4, None, 10),
    Variant("le-baron", 2, None, 30),
    Variant("daron", 2, None, 5),
    Variant("bohnanza", 3, None, 5),
)


class PoolGame(msgspec.Struct):
    """One game played in memory: its record, its stored events, and each command's (version before it, seat,
    body), so a copy cut before a command can be played on from there."""

    variant: Variant
    record: GameRecord
    events: list[RecordedEvent]
    commands: list[tuple[int, int, bytes]]
    # per event: the link's bytes before and after the time, the data and metadata as the append sends them, and
    # whether the data names the game, its seed or the seed's commitment (re-derived per copy)
    around: list[tuple[bytes, bytes]] = []
    data: list[str] = []
    metadata: list[str] = []
    named: list[bool] = []
    writes: list[int] = []  # the index of each write's first event

    @property
    def dealing(self) -> int:
        first: dict[str, Any] = msgspec.json.decode(self.events[0].data)
        return int(first["dealing"])

    @property
    def seed_commitment(self) -> str:
        first: dict[str, Any] = msgspec.json.decode(self.events[0].data)
        return str(first["seed_commitment"])

    def prepare(self) -> None:
        old = self._names(self.record.game_id, self.record.seed, self.seed_commitment)
        shared: dict[str, bytes] = {}
        previous: tuple[datetime, str] | None = None
        for i, e in enumerate(self.events):
            meta_text = msgspec.json.encode(e.metadata).decode()
            meta = shared.setdefault(meta_text, canonical(e.metadata))
            before, _, after = assembled(e.version, e.type, e.schema_version, e.data, meta, MARK).partition(MARK)
            self.around.append((before, after))
            self.data.append(e.data.decode())
            self.metadata.append(meta_text)
            self.named.append(any(name in e.data for name in old))
            if previous != (e.recorded_at, meta_text):  # an append's events share its metadata and stamp
                self.writes.append(i)
                previous = (e.recorded_at, meta_text)

    @staticmethod
    def _names(game_id: str, seed: bytes, seed_commitment: str) -> tuple[bytes, bytes, bytes]:
        return game_id.encode(), seed.hex().encode(), seed_commitment.encode()


class Copy(msgspec.Struct):
    """One game as the bulk writer writes it: its id, seed, tokens (kept for the games the benchmark plays on),
    its portal, its start and how many of the pool game's events it holds (all of them: finished)."""

    pool: PoolGame
    game_id: str
    seed: bytes
    api_key_id: str | None
    start: datetime | None  # None: the pool game's own times
    length: int
    tokens: list[str] = []

    @classmethod
    def fresh(
        cls, pool: PoolGame, api_key: str | None, start: datetime, length: int | None = None, keep_tokens: bool = False
    ) -> Copy:
        seats = pool.variant.players
        tokens = [new_token() for _ in range(seats)] if keep_tokens else []
        return cls(pool, secrets.token_hex(8), os.urandom(32), api_key, start, length or len(pool.events), tokens)

    @classmethod
    def same(cls, pool: PoolGame, start: datetime | None = None) -> Copy:
        """The pool game itself (its id and seed), at its own times or from `start` on."""
        return cls(pool, pool.record.game_id, pool.record.seed, pool.record.api_key_id, start, len(pool.events))

    @property
    def finished(self) -> bool:
        return self.length == len(self.pool.events)

    def next_command(self) -> tuple[int, bytes]:
        """(seat, body) of the command the pool game played after this copy's last event."""
        return next((seat, body) for version, seat, body in self.pool.commands if version == self.length)


class Rows(msgspec.Struct):
    games: list[tuple[Any, ...]]
    tokens: list[tuple[Any, ...]]
    writes: list[list[tuple[Any, ...]]]  # the events' rows, one list per write


def rows_of(copy: Copy) -> Rows:
    pool = copy.pool
    new_commitment = commitment(pool.dealing, copy.game_id, copy.seed)
    old = PoolGame._names(pool.record.game_id, pool.record.seed, pool.seed_commitment)
    new = (copy.game_id.encode(), copy.seed.hex().encode(), new_commitment.encode())
    links = links_of(copy.game_id, pool.dealing, copy.seed)
    key = chain_key(copy.game_id, copy.seed)
    previous = links.genesis
    bounds = [*pool.writes, len(pool.events)]
    writes: list[list[tuple[Any, ...]]] = []
    for w in range(len(pool.writes)):
        first, end = bounds[w], bounds[w + 1]
        if first >= copy.length:
            break
        at = pool.events[first].recorded_at if copy.start is None else copy.start + w * STEP
        stamped = stamp(at).encode()
        rows = []
        for i in range(first, end):
            e = pool.events[i]
            text = pool.data[i]
            before, after = pool.around[i]
            if pool.named[i]:
                data = e.data
                for a, b in zip(old, new, strict=True):
                    data = data.replace(a, b)
                text = data.decode()
                meta = canonical(msgspec.json.decode(pool.metadata[i].encode()))
                before, _, after = assembled(e.version, e.type, e.schema_version, data, meta, MARK).partition(MARK)
            previous = hmac.new(key, previous + before + stamped + after, "sha256").digest()
            rows.append((copy.game_id, e.version, e.type, text, pool.metadata[i], at, e.schema_version, previous.hex()))
        writes.append(rows)
    length = sum(len(r) for r in writes)
    assert length == copy.length, "a copy is cut at a write's end"
    tokens = copy.tokens or [new_token() for _ in range(pool.variant.players)]
    admin = token_hash(new_token()) if copy.game_id != pool.record.game_id else pool.record.admin_token_hash
    seat_hashes = (
        [token_hash(t) for t in tokens]
        if copy.game_id != pool.record.game_id
        else [pool.record.seat_token_hashes[s] for s in sorted(pool.record.seat_token_hashes)]
    )
    created = pool.events[0].recorded_at if copy.start is None else copy.start
    game = (copy.game_id, pool.record.game, length, copy.seed, admin, copy.api_key_id, None, created)
    return Rows([game], [(copy.game_id, seat, h) for seat, h in enumerate(seat_hashes)], writes)


async def play(variant: Variant, seed: bytes, services: bootstrap.Services | None = None) -> PoolGame:
    """One game of `variant`, its seats humans, played to its end through the service layer (in memory unless
    `services` are given)."""
    services = services or bootstrap.in_memory()
    options = variant.options
    created = await services.commands.create(variant.game, variant.players, options, seed.hex(), None)
    game_id = created.game_id
    tokens = [
        (await services.commands.join(game_id, None, f"p{seat}", None, None)).player_token
        for seat in range(variant.players)
    ]
    await services.commands.start(game_id, created.admin_token)
    mirror = Mirror(variant.game, variant.players, options or {}, seed, game_id=game_id)
    commands = []
    version = len(await services.repo.store.read_stream(game_id))
    while mirror.active:
        seat, move, body = mirror.next_move()
        commands.append((version, seat, body))
        result = await services.commands.command(game_id, tokens[seat], body, None, None)
        version = result.version
        mirror.play(seat, move)
    record = await services.repo.store.game(game_id)
    assert record is not None
    events = await services.repo.store.read_stream(game_id)
    assert events[-1].type == "GameEnded", f"{variant.game} did not end"
    played = PoolGame(variant, record, events, commands)
    played.prepare()
    return played


async def pool(per_variant: int, variants: Sequence[Variant] = VARIANTS) -> list[list[PoolGame]]:
    """`per_variant` played games of each variant (seeded: the same pool every run)."""
    found = []
    for k, variant in enumerate(variants):
        seeds = [bytes([k + 1, n + 1]) * 16 for n in range(per_variant)]
        found.append([await play(variant, seed) for seed in seeds])
    return found


def portal_ids(keys: Sequence[str]) -> list[str]:
    return [api_key_id(key) for key in keys]


async def write(conn: asyncpg.Connection, copies: Sequence[Copy]) -> int:
    """One batch in one transaction: the games, their seat tokens, their events interleaved write by write in
    the log (the batch's games as tables in play at once); returns the events written."""
    made = [rows_of(c) for c in copies]
    events: list[tuple[Any, ...]] = []
    for w in range(max((len(r.writes) for r in made), default=0)):
        for r in made:
            if w < len(r.writes):
                events.extend(r.writes[w])
    async with conn.transaction():
        await conn.copy_records_to_table(
            "games", columns=list(GAME_COLUMNS), records=[g for r in made for g in r.games]
        )
        await conn.copy_records_to_table(
            "seat_tokens", columns=list(TOKEN_COLUMNS), records=[t for r in made for t in r.tokens]
        )
        await conn.copy_records_to_table("events", columns=list(EVENT_COLUMNS), records=events)
    return len(events)


def batches(copies: Iterator[Copy], size: int) -> Iterator[list[Copy]]:
    batch: list[Copy] = []
    for copy in copies:
        batch.append(copy)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
