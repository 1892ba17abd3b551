"""The one write primitive: every change to a game goes through `Transactor.on(record).transact`.

The game is bound once (`on`: its record and codec); `transact` takes a decision `table -> (result, events)`, who
makes it, how to load the table, and what the write carries besides its events (`Carried`: the idempotency row and
the answer stored in it, a seat-token change). It loads, decides, appends the events with the expected version (and,
in the same statement, what it carries), retries on a concurrency conflict by catching up and deciding again
(bounded), projects the new table and returns `(result, table)`. As Equinox's `Transact(decide, load)`: the policy
is a value, not a branch. Create, join, start, commands, bots, leave, forfeit, rematch, the turn timer and the bot
and lobby sweepers all use it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

import msgspec

from domain.kernel import table as tables
from domain.kernel.errors import RuleViolation
from domain.kernel.events import PlayerJoined
from domain.kernel.table import Table
from domain.kernel.viewer import Viewer
from services.chain import extend, head_of, links_of
from services.codec import codec, encode_table
from services.errors import Conflict, ServiceError
from services.observer import NO_OBSERVER, Observer, TransactionWatch
from services.ports import ConcurrencyConflict, DuplicateCommand, GameRecord, Idempotency, SeatToken
from services.repository import Repository
from services.results import CommandResult, shown_events
from services.writes import Actor, Ended, WriteOutcome

R = TypeVar("R")

Decision = Callable[[Table[Any]], tuple[R, list[Any]]]


# --- how the table to decide on is loaded ------------------------------------------------------------------------


class Fresh(msgspec.Struct, frozen=True):
    """From the projection (else a replay of the stream): what every write does unless it says otherwise."""


class Cached(msgspec.Struct, frozen=True):
    """The table as this process last wrote it, saving a Redis round trip on a game this process keeps serving.

    It may be behind another process' write: the append's expected version then fails and the write catches up.
    A refusal decided on it is checked again at the stream's head before it counts, so a stale copy never
    refuses a move that is legal now.
    """


class Given(msgspec.Struct, frozen=True):
    """A table the caller holds already (the bots, playing on from the table the last write returned)."""

    table: Table[Any]


class New(msgspec.Struct, frozen=True):
    """The game does not exist yet: the decision gets the empty table before any event (version 0), and the
    append creates the game with its record (seed, admin token hash, owner)."""


Load = Fresh | Cached | Given | New
FRESH = Fresh()
CACHED = Cached()
NEW = New()


# --- what a write carries besides its events ---------------------------------------------------------------------


class Grant(msgspec.Struct, frozen=True):
    """A joining player's token (its hash), for the seat its `PlayerJoined` takes."""

    token_hash: bytes


class Revoke(msgspec.Struct, frozen=True):
    """A leaving player's token is forgotten with the `PlayerLeft` that frees its seat."""

    seat: int


TokenChange = Grant | Revoke


class IdempotencyKey(msgspec.Struct, frozen=True):
    """A client's key for a command (`scope`: who sent it): sent again, the command gets the first answer."""

    scope: str
    key: str


@dataclass(frozen=True)
class Carried:
    """What a write carries besides its events, appended in the same statement: the idempotency row (`idempotency`:
    the client's key, under which the answer made for `answer_for` is stored) and a seat token's change (`token`).
    `answer_for` alone: the caller gets the appended events as that viewer sees them, nothing stored."""

    idempotency: IdempotencyKey | None = None
    token: TokenChange | None = None
    answer_for: Viewer | None = None

    def __post_init__(self) -> None:
        if self.idempotency is not None and self.answer_for is None:
            raise ValueError("an idempotent write stores its answer: give answer_for")


NOTHING = Carried()


def seat_token(change: TokenChange | None, events: list[Any]) -> SeatToken | None:
    match change:
        case Grant(token_hash=token_hash):
            joined = next(e for e in events if isinstance(e, PlayerJoined))
            return SeatToken(joined.seat, token_hash)
        case Revoke(seat=seat):
            return SeatToken(seat, None)
    return None


UNCHANGED = WriteOutcome("unchanged")


@dataclass(frozen=True)
class Transacted(Generic[R]):
    result: R
    table: Table[Any]
    answer: CommandResult | None = None  # with `answer_for`: the appended events as that viewer sees them
    outcome: WriteOutcome = UNCHANGED


def ending(exc: BaseException) -> Ended:
    """How a write that raised `exc` ended."""
    if isinstance(exc, DuplicateCommand):
        return "replayed"
    if isinstance(exc, Conflict) and exc.code == "conflict":
        return "gave_up"
    return "refused" if isinstance(exc, (RuleViolation, ServiceError)) else "failed"


@dataclass
class _Reached:
    """The attempt a write has reached: as many decisions were made again after a conflict (its outcome's count,
    when it ends by an exception)."""

    attempt: int = 0


def utc_now() -> datetime:
    return datetime.now(UTC)


class Transactor:
    def __init__(
        self,
        repo: Repository,
        retries: int,
        clock: Callable[[], datetime] = utc_now,
        observer: Observer = NO_OBSERVER,
    ) -> None:
        self.repo = repo
        self.retries = retries
        self.clock = clock  # stamps each append's events: dealing 3's links cover the time
        self.observer = observer

    def on(self, record: GameRecord) -> GameWrites:
        """The writes to one game: its record and codec bound once, for as many transactions as the caller makes."""
        return GameWrites(self, record)

    async def _load(self, record: GameRecord, load: Load) -> Table[Any]:
        match load:
            case New():
                return Table(
                    game=record.game, game_id=record.game_id, players=0, options={}, seed_commitment="", seats=[]
                )
            case Given(table=table):
                return table
            case Cached():
                return await self.repo.table_to_write(record)
        return await self.repo.table(record)


class GameWrites:
    """One game's transactions (`Transactor.on`)."""

    def __init__(self, transactor: Transactor, record: GameRecord) -> None:
        self.transactor = transactor
        self.record = record
        self.codec = codec(record.game)

    async def transact(
        self,
        decide: Decision[R],
        actor: Actor,
        load: Load = FRESH,
        carried: Carried = NOTHING,
        told: Callable[[WriteOutcome], None] | None = None,
    ) -> Transacted[R]:
        """Decide and append until the append lands at the version decided on; a decision of no events
        appends nothing and returns the table as loaded. With `carried.answer_for`, the answer (the appended events
        as that viewer sees them) is made before the append, and stored with it under the idempotency key.
        The observer sees the write and its decisions; it and `told` (a command's own watch) learn how it ended,
        whatever the ending."""
        reached = _Reached()
        with self.transactor.observer.transaction(self.record, actor) as watch:
            try:
                done = await self._transact(decide, actor, load, carried, watch, reached)
            except BaseException as exc:
                outcome = WriteOutcome(ending(exc), reached.attempt)
                watch.ended(outcome)
                if told is not None:
                    told(outcome)
                raise
            watch.ended(done.outcome)
            if told is not None:
                told(done.outcome)
            return done

    async def _transact(
        self,
        decide: Decision[R],
        actor: Actor,
        load: Load,
        carried: Carried,
        watch: TransactionWatch,
        reached: _Reached,
    ) -> Transacted[R]:
        record, game_codec, transactor = self.record, self.codec, self.transactor
        repo, rules = transactor.repo, game_codec.rules
        idempotency, answer_for = carried.idempotency, carried.answer_for
        table = await transactor._load(record, load)
        unverified = isinstance(load, Cached)
        metadata = actor.metadata()
        for attempt in range(transactor.retries):
            reached.attempt = attempt
            try:
                with watch.deciding(table.version):
                    result, events = decide(table)
            except (RuleViolation, ServiceError):
                if not unverified:
                    raise
                # a refusal must not come from this process' stale copy: decide again on the stream's head
                unverified = False
                table = await repo.catch_up(table)
                with watch.deciding(table.version):
                    result, events = decide(table)
            if not events:
                return Transacted(result, table, outcome=WriteOutcome("unchanged", attempt))
            after = tables.fold(rules, events) if isinstance(load, New) else tables.evolve_all(rules, table, events)
            # encoded before the append: nothing is appended that cannot be encoded; then stamped and linked into
            # the chain with the metadata stored beside them (dealing 3 links cover both)
            stored_metadata = metadata if isinstance(load, New) else {**metadata, "attempt": attempt}
            encoded = extend(
                links_of(record.game_id, after.dealing, record.seed),
                table.chain_head,
                table.version + 1,
                [game_codec.new_event(e) for e in events],
                stored_metadata,
                transactor.clock(),
            )
            after = msgspec.structs.replace(after, chain_head=head_of(encoded, table.chain_head))
            # and the state it leads to must be projectable, or the game would freeze behind a stored event
            projected = encode_table(after)
            answer = None
            if answer_for is not None:
                answer = CommandResult(
                    version=after.version,
                    events=shown_events(after, events, table.version + 1, answer_for, [e.chain for e in encoded]),
                    chain_head=after.chain_head,
                )
            stored = None
            if idempotency is not None:
                assert answer is not None  # Carried refuses an idempotency key without answer_for
                stored = Idempotency(scope=idempotency.scope, key=idempotency.key, response=msgspec.json.encode(answer))
            try:
                if isinstance(load, New):
                    await repo.create(record, encoded, stored_metadata)
                else:
                    await repo.append(
                        record.game_id,
                        table.version,
                        encoded,
                        stored_metadata,
                        stored,
                        seat_token(carried.token, events),
                    )
            except ConcurrencyConflict:
                if isinstance(load, New):
                    raise Conflict(f"a game {record.game_id} exists already", code="conflict") from None
                if idempotency is not None:
                    # the same key may have landed meanwhile (a client sending twice): its answer, not a new decision
                    first = await repo.stored_response(record.game_id, idempotency.scope, idempotency.key)
                    if first is not None:
                        raise DuplicateCommand(first) from None
                table = await repo.catch_up(table)
                continue
            await repo.project(after, projected)
            return Transacted(result, after, answer, WriteOutcome("appended", attempt))
        raise Conflict("too many concurrent changes to this game; try again", code="conflict")
