"""Webhooks for portals: endpoints a portal registers with its API key, and the worker that delivers to them.

Deliveries are driven from the event store's global log with a checkpoint of their own in Postgres: the
intake writes one delivery row per (endpoint, event) in the transaction that moves the checkpoint, so a
restart loses none. The sender posts the oldest pending delivery of each (endpoint, game) only, so a game's
later event waits until the earlier one is delivered or given up; every attempt is recorded.

No portal delays another's (issue 16): sends run side by side within per-process caps (in all, per portal key, per
endpoint), free slots go in turn across keys and endpoints rather than to the oldest delivery, and an endpoint that
keeps failing is paused by its circuit breaker (its deliveries stay pending; `GET /v1/webhooks/{id}` and its
delivery log show `paused_until` and why).
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import hmac
import logging
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from itertools import groupby
from typing import Any
from urllib.parse import urlsplit

import msgspec

from domain.games.registry import GAMES
from domain.kernel import table as tables
from domain.kernel.events import GameCreated
from domain.kernel.table import Table
from domain.kernel.viewer import SPECTATOR
from services.codec import codec
from services.errors import Conflict, NotFound, ServiceError
from services.keys import PortalKeys
from services.observer import NO_OBSERVER, Observer
from services.ports import (
    SYSTEM_CLOCK,
    Breaker,
    Claimed,
    Clock,
    EventStore,
    NewDelivery,
    RecordedEvent,
    SendCaps,
    StoreUnavailable,
    Subscriber,
    Webhook,
    WebhookPoster,
    WebhookStore,
)
from services.repository import Repository
from services.results import DeliveryLog, WebhookCreated, WebhookList
from services.waiting import wait

log = logging.getLogger("tapis.webhooks")

# The four named topics; `*` subscribes to every domain event (those outside the four go out as `game.event`).
NAMED_TOPICS = {
    "GameCreated": "game.created",
    "GameStarted": "game.started",
    "GameEnded": "game.finished",
    "PlayerJoined": "player.joined",
}
ALL_TOPICS = "*"
OTHER_TOPIC = "game.event"
TOPICS = (*NAMED_TOPICS.values(), ALL_TOPICS)
MAX_URL_LENGTH = 2048
MAX_WEBHOOKS_PER_KEY = 20
CHECKPOINT = "deliveries"
MAX_SEND_ROUNDS = 200  # per tick, so that new events are taken in between
STOP_GRACE_SECONDS = 1.0  # what a stopping process gives the sends in flight before it cancels them
# Deprecated: the Standard Webhooks headers below replace it; sent beside them for one more release
SIGNATURE_HEADER = "X-Tapis-Signature"
SECRET_PREFIX = "whsec_"  # noqa: S105 (the form's prefix, no secret)
# Standard Webhooks (https://www.standardwebhooks.com): the message id, the attempt's time and the signature
STANDARD_ID_HEADER = "webhook-id"
STANDARD_TIMESTAMP_HEADER = "webhook-timestamp"
STANDARD_SIGNATURE_HEADER = "webhook-signature"


def topic_of(event_type: str) -> str:
    return NAMED_TOPICS.get(event_type, OTHER_TOPIC)


def wants(topics: list[str], topic: str) -> bool:
    return ALL_TOPICS in topics or topic in topics


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """`t=<unix time>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: the time is signed, so a replay shows its age."""
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


def new_secret() -> str:
    """`whsec_` and the standard base64 of 32 random bytes: the form Standard Webhooks libraries take as is."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def signing_key(secret: str) -> bytes:
    """The HMAC key of the Standard Webhooks signature: the bytes that the base64 after `whsec_` encodes.

    Endpoints registered before the Standard Webhooks headers have `whsec_` and URL-safe base64 without padding
    (`secrets.token_urlsafe(32)`); new ones have standard base64. The two alphabets differ only in `-_` against
    `+/`, so one rule reads both, and an old endpoint keeps its 32 random bytes as its key: no secret changes
    and no migration. A secret that is not base64 at all (only tests make those) signs with its own UTF-8 bytes.
    """
    encoded = secret.removeprefix(SECRET_PREFIX).replace("-", "+").replace("_", "/")
    try:
        key = base64.b64decode(encoded + "=" * (-len(encoded) % 4), validate=True)
    except (binascii.Error, ValueError):
        key = b""
    return key or secret.encode()


def standard_secret(secret: str) -> str:
    """The secret as a Standard Webhooks library takes it (`whsec_<standard base64 of the key>`): the secret
    itself for an endpoint registered since; for an older one, its URL-safe characters turned standard."""
    return SECRET_PREFIX + base64.b64encode(signing_key(secret)).decode()


def message_id(delivery_id: int) -> str:
    """The `webhook-id` of a delivery: one per (endpoint, event), the same on every retry and resend."""
    return f"msg_{delivery_id}"


def standard_signature(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    """`v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`, as the Standard Webhooks specification says."""
    signed = msg_id.encode() + b"." + str(timestamp).encode() + b"." + body
    return "v1," + base64.b64encode(hmac.new(signing_key(secret), signed, hashlib.sha256).digest()).decode()


class InvalidWebhook(ServiceError):
    status = 422


def check_url(url: str) -> str:
    """http(s) with a host; called as given (operators restrict egress if they must)."""
    host, scheme = None, None
    if len(url) <= MAX_URL_LENGTH and url.isprintable() and " " not in url:
        try:
            parts = urlsplit(url)
            host, scheme, _ = parts.hostname, parts.scheme, parts.port  # the port: a ValueError when out of range
        except ValueError:  # e.g. an unclosed IPv6 bracket
            host = None
    if scheme not in {"http", "https"} or not host:
        raise InvalidWebhook(
            f"a webhook URL is http:// or https:// with a host, at most {MAX_URL_LENGTH} characters",
            code="invalid_webhook_url",
            details={"schemes": ["http", "https"]},
        ) from None
    return url


def check_topics(topics: list[str]) -> list[str]:
    if not topics or any(t not in TOPICS for t in topics):
        raise InvalidWebhook(
            f"topics: one or more of {', '.join(TOPICS)}", code="invalid_topics", details={"topics": list(TOPICS)}
        )
    return list(dict.fromkeys(topics))


class PortalWebhooks:
    """What a portal does over HTTP with its API key: endpoints and their delivery log."""

    def __init__(self, keys: PortalKeys, store: WebhookStore) -> None:
        self.keys = keys
        self.store = store

    async def register(self, api_key: str | None, url: str, topics: list[str]) -> WebhookCreated:
        key_id = await self.keys.portal(api_key)
        url, topics = check_url(url), check_topics(topics)
        secret = new_secret()
        if await self.store.count(key_id) >= MAX_WEBHOOKS_PER_KEY:
            raise Conflict(
                f"a portal has at most {MAX_WEBHOOKS_PER_KEY} webhooks",
                code="too_many_webhooks",
                details={"max": MAX_WEBHOOKS_PER_KEY},
            )
        created = await self.store.add("wh_" + secrets.token_hex(8), key_id, url, topics, secret)
        return WebhookCreated(**msgspec.structs.asdict(created), secret=secret)

    async def listing(self, api_key: str | None) -> WebhookList:
        key_id = await self.keys.portal(api_key)
        return WebhookList(webhooks=await self.store.of_key(key_id))

    async def get(self, api_key: str | None, webhook_id: str) -> Webhook:
        key_id = await self.keys.portal(api_key)
        found = await self.store.get(key_id, webhook_id)
        if found is None:  # another portal's endpoint is as unknown as a missing one
            raise NotFound(f"no webhook {webhook_id}", code="webhook_not_found")
        return found

    async def delete(self, api_key: str | None, webhook_id: str) -> None:
        key_id = await self.keys.portal(api_key)
        deleted = await self.store.delete(key_id, webhook_id)
        if not deleted:
            raise NotFound(f"no webhook {webhook_id}", code="webhook_not_found")

    async def deliveries(
        self, api_key: str | None, webhook_id: str, game_id: str | None, before: int | None, limit: int
    ) -> DeliveryLog:
        found = await self.get(api_key, webhook_id)
        return DeliveryLog(
            deliveries=await self.store.deliveries(found.webhook_id, game_id, before, limit),
            consecutive_failures=found.consecutive_failures,
            paused_until=found.paused_until,
            pause_reason=found.pause_reason,
        )


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff: base, 2·base, 4·base … capped; given up after `max_attempts`."""

    max_attempts: int = 12
    base_seconds: float = 1.0
    max_seconds: float = 300.0
    timeout_seconds: float = 5.0

    def retry_in(self, attempt: int) -> float | None:
        if attempt >= self.max_attempts:
            return None
        return float(min(self.max_seconds, self.base_seconds * 2 ** (attempt - 1)))


@dataclass(frozen=True)
class SendLimits:
    """What one process sends at once: `total` calls in flight, of which at most `per_key` to one portal's
    endpoints and `per_endpoint` to one endpoint (one while its last attempt failed)."""

    total: int = 64
    per_key: int = 16
    per_endpoint: int = 4


class WebhookWorker:
    """Takes the global log in as deliveries, and sends them.

    The sends run side by side, each in a task of its own, up to `limits`: a call that hangs until its timeout holds
    one slot of its endpoint and its portal, and every other endpoint's deliveries go on meanwhile. Free slots are
    filled in turn across portals and their endpoints (the store's `claim`), and an endpoint that keeps failing is
    paused by its circuit breaker (`breaker`), so that its deliveries wait without holding any slot.
    """

    def __init__(
        self,
        repo: Repository,
        log: EventStore,
        store: WebhookStore,
        poster: WebhookPoster,
        policy: RetryPolicy,
        batch: int = 500,
        sends: int | None = None,
        clock: Clock = SYSTEM_CLOCK,
        limits: SendLimits | None = None,
        breaker: Breaker | None = None,
        interval: float = 0.5,
        observer: Observer = NO_OBSERVER,
    ) -> None:
        self.repo = repo  # the games' records and replays, for the tables the intake folds
        self.log = log  # the event store's global log, which the intake follows
        self.store = store
        self.poster = poster
        self.observer = observer  # told each attempt's outcome (the API counts them)
        self.policy = policy
        self.batch = batch
        self.limits = limits or SendLimits()
        if sends is not None:  # only a total given: the portal's and the endpoint's shares within it
            self.limits = SendLimits(total=sends, per_key=sends, per_endpoint=sends)
        self.breaker = breaker or Breaker()
        self.interval = interval
        self.clock = clock
        # the table as it stood after the last event taken in, per game: no replay for each new batch
        self._tables: OrderedDict[str, Table[Any]] = OrderedDict()
        self._sending: dict[asyncio.Task[bool], Claimed] = {}

    @property
    def in_flight(self) -> int:
        return len(self._sending)

    async def intake_once(self) -> int:
        """Turn one batch of the global log into deliveries; returns how many events it read."""
        seen = await self.store.checkpoint(CHECKPOINT)
        entries = await self.log.read_log(seen, self.batch)
        if not entries:
            return 0
        subscribers = await self.store.subscribers(list(dict.fromkeys(e.stream_id for e in entries)))
        wanted = [e.position for e in entries if e.stream_id in subscribers]
        recorded = await self.log.read_positions(wanted) if wanted else []
        ordered = sorted(recorded, key=lambda r: (r.stream_id, r.version))
        deliveries: list[NewDelivery] = []
        for game_id, group in groupby(ordered, key=lambda r: r.stream_id):
            try:
                deliveries.extend(await self._deliveries(game_id, list(group), subscribers[game_id]))
            except StoreUnavailable:
                raise  # the same batch is read again next tick
            except Exception:
                # one stream that cannot be read must not hold back every portal's deliveries
                log.exception("cannot turn the events of %s into webhook deliveries; skipped", game_id)
                self._tables.pop(game_id, None)
        if not await self.store.intake(CHECKPOINT, seen, seen.advanced(entries), deliveries):
            self._tables.clear()  # another process took this batch; what was folded here may run ahead
        return len(entries)

    async def _deliveries(
        self, game_id: str, recorded: list[RecordedEvent], subscribers: list[Subscriber]
    ) -> list[NewDelivery]:
        record = await self.repo.record(game_id)
        if record.game not in GAMES:
            return []
        game_codec = codec(record.game)
        rules = game_codec.rules
        table = self._tables.pop(game_id, None)
        first = recorded[0].version
        if table is None or table.version != first - 1:
            table = await self.repo.replay(game_id, game_codec, upto=first - 1) if first > 1 else None
        out: list[NewDelivery] = []
        for r in recorded:
            event = game_codec.event(r)
            if table is None:
                if not isinstance(event, GameCreated):
                    return []  # a stream that does not start with its creation: nothing sensible to send
                table = tables.initial(event)
                shown = event
            else:
                # as a spectator sees it at that moment: hidden while the game runs, whole once it has ended
                shown = tables.redact(rules, table, event, SPECTATOR)
                table = tables.evolve(rules, table, event)
            topic = topic_of(r.type)
            body = msgspec.json.encode(
                {
                    "id": f"{game_id}:{r.version}",
                    "topic": topic,
                    "game_id": game_id,
                    "game": record.game,
                    "version": r.version,
                    "type": r.type,
                    "data": game_codec.data(shown),
                    "recorded_at": r.recorded_at,
                    "chain": r.chain,  # the hash chain's head at this event (docs/fair-dealing.md)
                }
            )
            out.extend(
                NewDelivery(s.webhook_id, game_id, r.position, r.version, topic, body)
                for s in subscribers
                if wants(s.topics, topic) and r.recorded_at >= s.created_at
            )
        if table is not None:
            self._tables[game_id] = table
            if len(self._tables) > 1000:
                self._tables.popitem(last=False)
        return out

    async def dispatch(self) -> int:
        """Claim due deliveries into the free slots and start sending each; returns how many started."""
        free = self.limits.total - len(self._sending)
        if free <= 0:
            return 0
        endpoints: dict[str, int] = {}
        keys: dict[str, int] = {}
        for sending in self._sending.values():
            endpoints[sending.webhook_id] = endpoints.get(sending.webhook_id, 0) + 1
            keys[sending.api_key_id] = keys.get(sending.api_key_id, 0) + 1
        caps = SendCaps(self.limits.per_endpoint, self.limits.per_key, endpoints, keys)
        claimed = await self.store.claim(free, self.policy.timeout_seconds + 10, caps)
        for c in claimed:
            self._sending[asyncio.create_task(self._send(c), name=f"webhook {c.delivery_id}")] = c
        return len(claimed)

    async def settle(self, seconds: float | None, stop: asyncio.Event | None = None) -> tuple[int, int]:
        """Wait until a send in flight finishes (or `seconds` pass, or `stop`); (finished, delivered) of those
        done."""
        if not self._sending:
            return 0, 0
        waiting: set[asyncio.Future[Any]] = set(self._sending)
        stopping = asyncio.ensure_future(stop.wait()) if stop is not None else None
        if stopping is not None:
            waiting.add(stopping)
        try:
            await wait(self.clock, waiting, seconds, asyncio.FIRST_COMPLETED)
        finally:
            if stopping is not None:
                stopping.cancel()
        return self._collect()

    def _collect(self) -> tuple[int, int]:
        finished = delivered = 0
        for task in [t for t in self._sending if t.done()]:
            claimed = self._sending.pop(task)
            finished += 1
            if task.cancelled():
                continue
            error = task.exception()
            if error is None:
                delivered += task.result()
            elif isinstance(error, StoreUnavailable):
                # the attempt was made but not recorded: its lease runs out and it goes again (at least once)
                log.info("webhook delivery %s not recorded: %s", claimed.delivery_id, error)
            else:
                log.error("webhook delivery %s failed", claimed.delivery_id, exc_info=error)
        return finished, delivered

    async def drain(self, grace: float) -> None:
        """Let the sends in flight finish for up to `grace` seconds, then cancel the rest (their leases run out and
        they go again, from any process)."""
        await wait(self.clock, set(self._sending), grace)
        for task in self._sending:
            task.cancel()
        if self._sending:
            await asyncio.wait(set(self._sending))
        self._collect()

    async def _send(self, claimed: Claimed) -> bool:
        timestamp = int(self.clock.time())
        msg_id = message_id(claimed.delivery_id)
        headers = {
            "Content-Type": "application/json",
            "User-Agent": "Tapis-Webhooks/1",
            STANDARD_ID_HEADER: msg_id,
            STANDARD_TIMESTAMP_HEADER: str(timestamp),
            STANDARD_SIGNATURE_HEADER: standard_signature(claimed.secret, msg_id, timestamp, claimed.body),
            SIGNATURE_HEADER: signature(claimed.secret, timestamp, claimed.body),
            "X-Tapis-Webhook-Id": claimed.webhook_id,
            "X-Tapis-Delivery-Id": str(claimed.delivery_id),
            "X-Tapis-Attempt": str(claimed.attempt),
        }
        outcome = await self.poster.post(claimed.url, claimed.body, headers, self.policy.timeout_seconds)
        self.observer.webhook_attempt(outcome)
        retry_in = None if outcome.ok else self.policy.retry_in(claimed.attempt)
        await self.store.finish(claimed, outcome, retry_in, self.breaker)
        return outcome.ok

    async def run_once(self, stop: asyncio.Event | None = None) -> None:
        """Take in what the log holds, then send until nothing more is due; nothing is in flight once it returns
        (what the tests and the tools call; the API processes run `step`)."""

        def stopping() -> bool:
            return stop is not None and stop.is_set()

        while await self.intake_once() >= self.batch and not stopping():
            pass
        # A delivered head lets the game's next event go at once, not one event per tick. Only progress
        # earns another claim: an endpoint that times out must not keep a stopping process waiting.
        progress = True
        for _ in range(MAX_SEND_ROUNDS):
            if stopping():
                break
            if progress:
                await self.dispatch()
            if not self._sending:
                break
            progress = (await self.settle(None, stop))[1] > 0
        await self.drain(self.policy.timeout_seconds if not stopping() else STOP_GRACE_SECONDS)

    async def step(self, stop: asyncio.Event) -> bool:
        """One turn of the API process's webhook task: take in the new events, fill the free slots, and wait for a
        send to finish (its slot is filled at once on the next turn), at most the interval. The sends outlive the
        turn; once `stop` is set they get a moment to finish, and the rest are cancelled."""
        while await self.intake_once() >= self.batch and not stop.is_set():
            pass
        if not stop.is_set():
            await self.dispatch()
        finished = 0
        if self._sending and not stop.is_set():
            finished, _ = await self.settle(self.interval, stop)
        if stop.is_set():
            await self.drain(STOP_GRACE_SECONDS)
            return False
        # a send finished (a game's next event may be due now), or sends are in flight (the wait above was the
        # pause): go again at once
        return finished > 0 or bool(self._sending)
