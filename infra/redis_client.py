"""The Redis client of a URL: one primary (`redis://`, `rediss://`, `unix://`), a primary found by Redis Sentinel
(`redis+sentinel://`) or a Redis Cluster (`redis+cluster://`).

`redis+cluster://[user:password@]host:port[,host:port...]` names one or more nodes of the cluster to start from
(`rediss+cluster://` with TLS); redis-py's `RedisCluster` reads the slot map from them, follows MOVED/ASK, and
refreshes the map after a failover. The `+cluster` scheme is the one `limits` uses for its own cluster storage
(api/ratelimit.py), so one URL configures both.

`redis+sentinel://[user:password@]host:port[,host:port...]/service_name[/db]` names the sentinels and the service
they watch (`rediss+sentinel://` with TLS to the primary); redis-py's `Sentinel.master_for` asks the sentinels
for the primary's address at each new connection, so once a connection to a dead primary fails, the next one goes
to whichever replica the sentinels promoted. The credentials are the primary's; the sentinels are asked without.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias
from urllib.parse import parse_qsl, unquote, urlsplit, urlunsplit

import redis.asyncio as redis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.sentinel import Sentinel
from redis.exceptions import RedisClusterException, RedisError

Client: TypeAlias = redis.Redis | RedisCluster

# Every failure of a Redis call: redis-py's cluster client raises some that are not RedisError (a slot no node
# serves while a failover is under way: SlotNotCoveredError), and a refused socket can surface as OSError.
REDIS_ERRORS: tuple[type[BaseException], ...] = (RedisError, RedisClusterException, OSError)

CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}
SENTINEL_SCHEMES = {"redis+sentinel": "redis", "rediss+sentinel": "rediss"}
DEFAULT_PORT = 6379
SENTINEL_PORT = 26379


@dataclass(frozen=True)
class SentinelTarget:
    """What a `redis+sentinel://` URL names: the sentinels, the service (the primary's name in their
    configuration), the database, the primary's credentials, and whether the primary is reached over TLS."""

    sentinels: list[tuple[str, int]]
    service: str
    db: int = 0
    username: str | None = None
    password: str | None = None
    tls: bool = False
    ssl_ca_certs: str | None = None  # the CA of the primary's certificate (`?ssl_ca_certs=`: TAPIS_REDIS_SSL_CA_CERTS)


def is_cluster_url(url: str | None) -> bool:
    return bool(url) and urlsplit(url or "").scheme in CLUSTER_SCHEMES


def is_sentinel_url(url: str | None) -> bool:
    return bool(url) and urlsplit(url or "").scheme in SENTINEL_SCHEMES


def _hosts(hosts: str, default_port: int) -> list[tuple[str, int]]:
    """`host:port,[v6]:port,host` as (host, port) pairs."""
    nodes: list[tuple[str, int]] = []
    for raw in hosts.split(","):
        item = raw.strip()
        if item.startswith("["):  # [v6 address]:port
            host, _, port = item[1:].partition("]")
            port = port.removeprefix(":")
        elif ":" in item:
            host, _, port = item.rpartition(":")
        else:
            host, port = item, ""
        nodes.append((host, int(port or default_port)))
    return nodes


def sentinel_target(url: str) -> SentinelTarget:
    """The parts of a `redis+sentinel://host:port[,host:port]/service_name[/db]` URL."""
    parts = urlsplit(url)
    credentials, _, hosts = parts.netloc.rpartition("@")
    sentinels = _hosts(hosts, SENTINEL_PORT)
    service, _, db = parts.path.strip("/").partition("/")
    if not sentinels or not all(host for host, _ in sentinels) or not service:
        raise ValueError(f"a Redis Sentinel URL is redis+sentinel://host:port[,host:port]/service_name[/db]: {url!r}")
    user, _, password = credentials.partition(":")
    return SentinelTarget(
        sentinels=sentinels,
        service=unquote(service),
        db=int(db or 0),
        username=unquote(user) or None,
        password=unquote(password) or None,
        tls=parts.scheme == "rediss+sentinel",
        ssl_ca_certs=dict(parse_qsl(parts.query)).get("ssl_ca_certs"),
    )


def cluster_nodes(url: str) -> tuple[str, list[tuple[str, int]]]:
    """(the URL of the first node with a plain scheme, every (host, port) it names) of a `redis+cluster://` URL."""
    parts = urlsplit(url)
    credentials, _, hosts = parts.netloc.rpartition("@")
    nodes = _hosts(hosts, DEFAULT_PORT)
    if not nodes or not nodes[0][0]:
        raise ValueError(f"a Redis Cluster URL names at least one host:port: {url!r}")
    host = nodes[0][0]
    first = f"{credentials}@" if credentials else ""
    first += f"[{host}]:{nodes[0][1]}" if ":" in host else f"{host}:{nodes[0][1]}"  # an IPv6 address keeps brackets
    plain = urlunsplit(parts._replace(scheme=CLUSTER_SCHEMES[parts.scheme], netloc=first, path=""))
    return plain, nodes


def sentinel_client(target: SentinelTarget, **options: Any) -> redis.Redis:
    """A client of the service's primary, whoever it is now (redis-py's `Sentinel.master_for`)."""
    # the sentinels with the same timeouts as the primary, so that a sentinel that hangs holds nobody long
    timeouts = {k: v for k, v in options.items() if k in ("socket_timeout", "socket_connect_timeout")}
    sentinel = Sentinel(target.sentinels, sentinel_kwargs=timeouts)
    if target.tls:
        options = {**options, "ssl": True}
        if target.ssl_ca_certs:
            options["ssl_ca_certs"] = target.ssl_ca_certs
    client: redis.Redis = sentinel.master_for(
        target.service, db=target.db, username=target.username, password=target.password, **options
    )
    return client


def connect(url: str, **options: Any) -> Client:
    """The client of `url`; `options` are redis-py connection options (timeouts), the same for every kind."""
    client: Client
    if is_sentinel_url(url):
        client = sentinel_client(sentinel_target(url), **options)
    elif not is_cluster_url(url):
        client = redis.Redis.from_url(url, **options)
    else:
        plain, nodes = cluster_nodes(url)
        startup = [ClusterNode(host, port) for host, port in nodes]
        # require_full_coverage off: while a master's slots are failing over, the other slots keep serving
        client = RedisCluster.from_url(plain, startup_nodes=startup, require_full_coverage=False, **options)
    return client
