"""The Redis client of a URL: one primary (`redis://`, `rediss://`, `unix://`) or a Redis Cluster (`redis+cluster://`).

`redis+cluster://[user:password@]host:port[,host:port...]` names one or more nodes of the cluster to start from
(`rediss+cluster://` with TLS); redis-py's `RedisCluster` reads the slot map from them, follows MOVED/ASK, and
refreshes the map after a failover. The `+cluster` scheme is the one `limits` uses for its own cluster storage
(api/ratelimit.py), so one URL configures both.
"""

from __future__ import annotations

from typing import Any, TypeAlias
from urllib.parse import urlsplit, urlunsplit

import redis.asyncio as redis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.exceptions import RedisClusterException, RedisError

Client: TypeAlias = redis.Redis | RedisCluster

# Every failure of a Redis call: redis-py's cluster client raises some that are not RedisError (a slot no node
# serves while a failover is under way: SlotNotCoveredError), and a refused socket can surface as OSError.
REDIS_ERRORS: tuple[type[BaseException], ...] = (RedisError, RedisClusterException, OSError)

CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}
DEFAULT_PORT = 6379


def is_cluster_url(url: str | None) -> bool:
    return bool(url) and urlsplit(url or "").scheme in CLUSTER_SCHEMES


def cluster_nodes(url: str) -> tuple[str, list[tuple[str, int]]]:
    """(the URL of the first node with a plain scheme, every (host, port) it names) of a `redis+cluster://` URL."""
    parts = urlsplit(url)
    credentials, _, hosts = parts.netloc.rpartition("@")
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
        nodes.append((host, int(port or DEFAULT_PORT)))
    if not nodes or not nodes[0][0]:
        raise ValueError(f"a Redis Cluster URL names at least one host:port: {url!r}")
    host = nodes[0][0]
    first = f"{credentials}@" if credentials else ""
    first += f"[{host}]:{nodes[0][1]}" if ":" in host else f"{host}:{nodes[0][1]}"  # an IPv6 address keeps brackets
    plain = urlunsplit(parts._replace(scheme=CLUSTER_SCHEMES[parts.scheme], netloc=first, path=""))
    return plain, nodes


def connect(url: str, **options: Any) -> Client:
    """The client of `url`; `options` are redis-py connection options (timeouts), the same for both kinds."""
    if not is_cluster_url(url):
        return redis.Redis.from_url(url, **options)
    plain, nodes = cluster_nodes(url)
    startup = [ClusterNode(host, port) for host, port in nodes]
    # require_full_coverage off: while a master's slots are failing over, the other slots keep serving
    return RedisCluster.from_url(plain, startup_nodes=startup, require_full_coverage=False, **options)
