"""Per-client and overall rate limits shared by every API process, from the `limits` library; over one, 429.

What is limited (each `COUNT/SECONDS`, `0` = off; docs/reliability.md, "Limits"):
- failed authentications per client (`TAPIS_RATE_FAILED_AUTH`): a response that would be a 401 is counted, and
  past the limit it is answered 429 instead. Only failing requests are refused: a request whose token is valid never
  gets a 401, so it is never counted nor refused, however often others failed from the same address (the previous
  buckets refused every request with credentials, a valid token's included: a guesser locked out the players behind
  its address);
- commands per client (`TAPIS_RATE_COMMANDS`), counted before they run;
- games created per client (`TAPIS_RATE_CREATE`) and by all clients together (`TAPIS_RATE_CREATE_TOTAL`), counted
  before the creation runs (a client refused by its own limit takes nothing from the overall one).
A refusal is `429 rate_limited` with `Retry-After` and `details.retry_after`: the seconds until the window lets one in.

Why `limits` and not our own buckets any more: our token buckets lived in each process, so N processes (`tapis
serve --workers N`, or several hosts) allowed N times every rate, and an overall creation limit could not be
written at all. `limits` is a maintained library with the strategies we need and storages that processes share:
- moving window (failed authentications, creations): exact, never more than COUNT in any SECONDS; on Redis one
  list of hit timestamps per key, bounded by COUNT, checked and pushed by one Lua script (atomic across processes);
- sliding-window counter (commands): two counters per key, the previous window weighted by its overlap; constant
  memory and one round trip at the generous default of 1,000 a second, where a moving window would keep 1,000
  timestamps per client (its fixed-window strategy, one counter, lets a client send twice the rate across a window
  edge; we use it nowhere);
- storage `async+redis://` on the API's Redis (through redis-py, already ours), so every process counts in the same
  keys (`TAPIS_RATE_KEY_PREFIX`); `async+redis+cluster://` on a Redis Cluster (`limits`' cluster storage, whose keys
  of one limit share a hash tag); `async+memory://` when the app has no Redis URL (in-memory adapters).
Redis errors fail open: a limit never makes the API unavailable when Redis is (commands go on from Postgres); the
limiter skips Redis for a second after an error, so a dead Redis costs no timeout per request. Load must not open
it: the limiter's pool waits for a free connection instead of raising past its size (see `_build`).

A client is its address (`client_address`): the connection's peer, or, when the peer is a proxy named in
`TAPIS_TRUSTED_PROXIES`, the address that proxy put in `X-Forwarded-For`. With no trusted proxy (the default) the
header is ignored: before, uvicorn believed it from any loopback peer, so a client chose its own address (to escape
the failed-auth limit, or to spend a victim's).
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import math
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import msgspec
import redis.asyncio as redis
from limits import RateLimitItem, RateLimitItemPerSecond
from limits.aio.storage import MemoryStorage, RedisClusterStorage, RedisSentinelStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter, RateLimiter, SlidingWindowCounterRateLimiter
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from infra.redis_client import is_cluster_url, is_sentinel_url, sentinel_target
from infra.settings import Settings

log = logging.getLogger("tapis.ratelimit")

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Trusted = tuple[Network, ...]
UNKNOWN = "unknown"
POOL_SIZE = 32  # Redis connections of the limiter, per process
POOL_WAIT_SECONDS = 5.0  # a request waits this long at most for one of them
STORAGE_DOWN_SECONDS = 1.0  # after a storage error, requests pass unlimited this long before Redis is asked again


# -- who the client is -----------------------------------------------------------------------------------------


def parse_trusted(entries: str | Iterable[str]) -> Trusted:
    """`"10.0.0.0/8, 127.0.0.1, ::1"` (or those items) as networks; a bad entry raises ValueError at start."""
    items = entries.split(",") if isinstance(entries, str) else entries
    return tuple(ipaddress.ip_network(item.strip(), strict=False) for item in items if item.strip())


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def is_trusted(address: str, trusted: Trusted) -> bool:
    """Whether this address (a peer's, or one in X-Forwarded-For) is one of the trusted proxies."""
    if not trusted:
        return False
    parsed = _address(address)
    return parsed is not None and any(parsed in network for network in trusted)


def client_address(scope: Mapping[str, Any], trusted: Trusted) -> str:
    """The address a request is limited by: its connection's peer, unless that peer is a trusted proxy.

    From a trusted proxy, `X-Forwarded-For` is read from the right (each proxy appends the address it got the
    request from): the first address that is not itself a trusted proxy is the client. What a client wrote in the
    header itself stands left of that and is never read. With `trusted` empty, the header is ignored.
    """
    peer = scope.get("client")
    address: str = peer[0] if peer else UNKNOWN
    if not trusted or not is_trusted(address, trusted):
        return address
    forwarded = [value for name, value in scope.get("headers", ()) if name == b"x-forwarded-for"]
    hops = [hop.strip() for hop in b",".join(forwarded).decode("latin-1").split(",") if hop.strip()]
    for hop in reversed(hops):
        if _address(hop) is None:
            break  # not an address where a trusted proxy writes one: keep the nearest proxy's
        address = hop
        if not is_trusted(hop, trusted):
            break
    return address


# -- the rates ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rate:
    """`count` per `seconds` (a whole number of seconds); a count of 0 is no limit."""

    count: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> Rate:
        """`"60/60"` is 60 a minute, `"5"` 5 a second; `"0"` or `"off"` turns the limit off."""
        raw = text.strip().lower()
        if raw in {"", "0", "off"}:
            return cls(0, 1)
        count, _, seconds = raw.partition("/")
        period = float(seconds or "1")
        rate = cls(int(count), int(period))
        if rate.count < 0 or rate.seconds < 1 or period != rate.seconds:
            raise ValueError(f"a rate is COUNT/SECONDS with COUNT >= 0 and SECONDS a whole number >= 1: {text!r}")
        return rate

    @property
    def off(self) -> bool:
        return self.count == 0

    @functools.cached_property
    def item(self) -> RateLimitItem:
        return RateLimitItemPerSecond(max(self.count, 1), self.seconds)


def storage_uri(redis_url: str | None) -> str:
    """The `limits` storage of an API process: its Redis (`redis://h:p/db` → `async+redis://h:p/db`, a cluster's
    `redis+cluster://h:p,h:p` → `async+redis+cluster://h:p,h:p`), else memory."""
    if not redis_url:
        return "async+memory://"
    if redis_url.startswith("unix://"):
        return "async+redis+unix://" + redis_url.removeprefix("unix://")
    return "async+" + redis_url


class Limiter:
    """The four limits on one `limits` storage: answers 0 when a hit is allowed, else the seconds to wait."""

    def __init__(
        self,
        failed_auth: Rate,
        commands: Rate,
        create: Rate,
        create_total: Rate,
        redis_url: str | None = None,
        key_prefix: str = "tapis:limits",
    ) -> None:
        self.failed_auth, self.commands, self.create, self.create_total = failed_auth, commands, create, create_total
        self.redis_url, self.key_prefix = redis_url, key_prefix
        self._pool: redis.ConnectionPool | None = None
        self._cluster: RedisClusterStorage | RedisSentinelStorage | None = None  # a storage with its own clients
        self._strategies: tuple[RateLimiter, RateLimiter] | None = None  # built at the first hit (`_build`)
        self._down_until = 0.0

    def _build(self) -> tuple[RateLimiter, RateLimiter]:
        """(moving window, sliding-window counter) on the storage: built when first needed, in the serving loop, so
        that an app built for its OpenAPI document (`redis://unused`) never parses a URL it will not use."""
        storage: Storage
        if self.redis_url and is_cluster_url(self.redis_url):
            # the cluster client of `limits` itself (it takes no pool of ours); redis-py's cluster client has no
            # blocking pool, so no cap here: a cap would raise past its size, and a raise opens the limits
            self._cluster = RedisClusterStorage(
                storage_uri(self.redis_url),
                wrap_exceptions=True,
                implementation="redispy",
                key_prefix=self.key_prefix,
                socket_timeout=1.0,
                socket_connect_timeout=0.5,
            )
            storage = self._cluster
        elif self.redis_url and is_sentinel_url(self.redis_url):
            # `limits`' own Sentinel storage, on the primary only (its default reads from replicas, which lag);
            # like the cluster's, its pool is not capped (redis-py's Sentinel pool has no blocking variant)
            target = sentinel_target(self.redis_url)
            hosts = ",".join(f"[{h}]:{p}" if ":" in h else f"{h}:{p}" for h, p in target.sentinels)
            timeouts: dict[str, float | str | bool] = {"socket_timeout": 1.0, "socket_connect_timeout": 0.5}
            primary: dict[str, Any] = {**timeouts, "db": target.db, "ssl": target.tls}
            if target.username:
                primary["username"] = target.username
            if target.password:
                primary["password"] = target.password
            if target.ssl_ca_certs:
                primary["ssl_ca_certs"] = target.ssl_ca_certs
            self._cluster = RedisSentinelStorage(
                f"async+redis+sentinel://{hosts}/{target.service}",
                wrap_exceptions=True,
                implementation="redispy",
                key_prefix=self.key_prefix,
                use_replicas=False,
                sentinel_kwargs=timeouts,
                **primary,
            )
            storage = self._cluster
        elif self.redis_url:
            # our own pool (closed by `aclose`). A blocking one: redis-py's default pool raises past 100 connections
            # in use, and a limiter that fails open on that would let any client past every limit by sending 101
            # requests at once; here a request waits its turn for one of POOL_SIZE connections (a check is well
            # under a millisecond of Redis). Short timeouts: a Redis that hangs does not hold requests long
            self._pool = redis.BlockingConnectionPool.from_url(
                self.redis_url,
                max_connections=POOL_SIZE,
                timeout=POOL_WAIT_SECONDS,
                socket_timeout=1.0,
                socket_connect_timeout=0.5,
            )
            options: dict[str, Any] = {"connection_pool": self._pool}
            uri = storage_uri(self.redis_url)
            storage = RedisStorage(
                uri, wrap_exceptions=True, implementation="redispy", key_prefix=self.key_prefix, **options
            )
        else:
            storage = MemoryStorage(storage_uri(None), wrap_exceptions=True)
        self._strategies = MovingWindowRateLimiter(storage), SlidingWindowCounterRateLimiter(storage)
        return self._strategies

    @classmethod
    def from_settings(cls, settings: Settings) -> Limiter:
        return cls(
            failed_auth=Rate.parse(settings.rate_failed_auth),
            commands=Rate.parse(settings.rate_commands),
            create=Rate.parse(settings.rate_create),
            create_total=Rate.parse(settings.rate_create_total),
            redis_url=settings.redis_url,
            key_prefix=settings.rate_key_prefix,
        )

    async def aclose(self) -> None:
        """Close the Redis connections; a later hit builds the storage again (in whatever loop then runs)."""
        pool, self._pool, self._strategies = self._pool, None, None
        cluster, self._cluster = self._cluster, None
        if pool is not None:
            await pool.aclose()
        if cluster is not None:
            # `limits` closes no client of its own: its redis-py bridge keeps the RedisCluster as `storage` (on
            # Sentinel: the primary's client, and the replicas' as `storage_replica`)
            for name in ("storage", "storage_replica"):
                client = getattr(cluster.bridge, name, None)
                if client is not None:
                    await client.aclose()

    async def _hit(self, sliding: bool, rate: Rate, *key: str) -> float:
        if rate.off or time.monotonic() < self._down_until:
            return 0.0
        item = rate.item
        try:
            moving, counter = self._strategies or self._build()
            strategy = counter if sliding else moving
            if await strategy.hit(item, *key):
                return 0.0
            stats = await strategy.get_window_stats(item, *key)
        except Exception as error:  # fail open: limits.errors.StorageError, or anything else Redis raised
            self._down_until = time.monotonic() + STORAGE_DOWN_SECONDS
            log.warning("rate limits unlimited for %.0f s, their storage failed: %r", STORAGE_DOWN_SECONDS, error)
            return 0.0
        return max(stats.reset_time - time.time(), 0.001)

    async def failed_authentication(self, client: str) -> float:
        return await self._hit(False, self.failed_auth, "failed_auth", client)

    async def command(self, client: str) -> float:
        return await self._hit(True, self.commands, "commands", client)

    async def creation(self, client: str) -> tuple[float, str]:
        """(seconds to wait, why): the client's own limit first, then everyone's."""
        wait = await self._hit(False, self.create, "create", client)
        if wait > 0:
            return wait, "too many games created by this client"
        wait = await self._hit(False, self.create_total, "create_total")
        return wait, "too many games are being created; try again later"


# -- the middleware ----------------------------------------------------------------------------------------------


class RateLimits:
    """ASGI middleware: commands and creations count before they run; a 401 counts after, and past the limit is
    answered 429 in its place."""

    def __init__(self, app: ASGIApp, limiter: Limiter, trusted: Trusted = ()) -> None:
        self.app = app
        self.limiter = limiter
        self.trusted = trusted

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        limiter = self.limiter
        client = client_address(scope, self.trusted)
        if scope["method"] == "POST":
            path = scope["path"].rstrip("/")
            if path.endswith("/commands"):
                wait = await limiter.command(client)
                if wait > 0:
                    await too_many(send, wait, "too many commands from this client")
                    return
            elif path == "/v1/games":
                wait, why = await limiter.creation(client)
                if wait > 0:
                    await too_many(send, wait, why)
                    return
        if limiter.failed_auth.off:
            await self.app(scope, receive, send)
            return
        replaced = False

        async def watch(message: Message) -> None:
            nonlocal replaced
            if replaced:
                return  # the body of the 401 answered by a 429 instead
            if message["type"] == "http.response.start" and message["status"] == 401:
                wait = await limiter.failed_authentication(client)
                if wait > 0:
                    replaced = True
                    await too_many(send, wait, "too many failed authentications from this client")
                    return
            await send(message)

        await self.app(scope, receive, watch)


async def too_many(send: Send, wait: float, message: str) -> None:
    seconds = max(1, math.ceil(wait))
    body = msgspec.json.encode(
        {"error": {"code": "rate_limited", "message": message, "details": {"retry_after": seconds}}}
    )
    start: Any = {
        "type": "http.response.start",
        "status": 429,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"retry-after", str(seconds).encode()),
        ],
    }
    await send(start)
    await send({"type": "http.response.body", "body": body, "more_body": False})
