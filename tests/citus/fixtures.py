"""The Citus cluster of a test session (tools/citus_cluster.py), shared by tests/citus/ and the contract suite's
Citus half: started by the first fixture that asks, stopped after the last one is done (about 6 s each way)."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator

import pytest

from infra.migrate import upgrade
from tools.citus_cluster import CitusCluster, missing

# Why the Citus tests skip here (None: they run). Asked once, at import: the contract suite parametrizes on it.
CITUS_MISSING = missing()

_running: list[CitusCluster] = []
_users = [0]


@pytest.fixture(scope="session")
def citus_cluster() -> Iterator[CitusCluster]:
    if CITUS_MISSING is not None:
        pytest.skip(f"no Citus cluster here: {CITUS_MISSING}")
    if not _running:
        _running.append(CitusCluster().start())
    _users[0] += 1
    try:
        yield _running[0]
    finally:
        _users[0] -= 1
        if _users[0] == 0:
            _running.pop().stop()


@contextlib.contextmanager
def migrated_database(cluster: CitusCluster, prefix: str) -> Iterator[str]:
    """A database of its own on every node, migrated to the head (its tables distributed); dropped after."""
    name = f"{prefix}_{secrets.token_hex(6)}"
    url = cluster.create_database(name)
    try:
        upgrade(url)
        yield url
    finally:
        cluster.drop_database(name)
