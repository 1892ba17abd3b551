"""infra/citus_workers.py without a cluster: a node group's pool opened once at the address the coordinator gives,
shared by callers that ask together, opened again after `forget` (a worker replaced), a group the coordinator
does not name refused with UnknownWorker, and every pool closed by `close`. The real thing, on a Citus cluster:
tests/citus/test_group_commit_per_worker.py."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import asyncpg
import pytest

from infra.citus_workers import UnknownWorker, WorkerPools


class Coordinator:
    """What WorkerPools asks of the coordinator's pool: `pg_dist_node`'s row of a node group."""

    def __init__(self, nodes: dict[int, tuple[str, int]]) -> None:
        self.nodes = nodes
        self.asked: list[int] = []

    async def fetchrow(self, _query: str, group: int) -> dict[str, Any] | None:
        self.asked.append(group)
        await asyncio.sleep(0)
        found = self.nodes.get(group)
        return None if found is None else {"nodename": found[0], "nodeport": found[1]}


class Pool:
    def __init__(self, address: tuple[str, int]) -> None:
        self.address = address
        self.terminated = self.closed = False

    def terminate(self) -> None:
        self.terminated = True

    async def close(self) -> None:
        self.closed = True


class Opener:
    def __init__(self) -> None:
        self.opened: list[Pool] = []

    async def __call__(self, host: str, port: int) -> asyncpg.Pool:
        pool = Pool((host, port))
        self.opened.append(pool)
        return cast("asyncpg.Pool", pool)


def pools(coordinator: Coordinator, opener: Opener) -> WorkerPools:
    return WorkerPools(cast("asyncpg.Pool", coordinator), opener)


async def test_a_groups_pool_is_opened_once_at_the_coordinators_address_for_it() -> None:
    coordinator, opener = Coordinator({1: ("10.0.0.32", 5432), 2: ("10.0.0.33", 5433)}), Opener()
    workers = pools(coordinator, opener)
    first, second, other = await asyncio.gather(workers.pool(1), workers.pool(1), workers.pool(2))
    assert first is second
    assert [p.address for p in opener.opened] == [("10.0.0.32", 5432), ("10.0.0.33", 5433)]
    assert await workers.pool(1) is first and coordinator.asked == [1, 2]
    assert other is not first


async def test_a_forgotten_pool_is_terminated_and_the_address_asked_again() -> None:
    coordinator, opener = Coordinator({1: ("10.0.0.32", 5432)}), Opener()
    workers = pools(coordinator, opener)
    old = cast("Pool", await workers.pool(1))
    coordinator.nodes[1] = ("10.0.0.42", 5432)  # the worker replaced (citus_update_node)
    workers.forget(1)
    workers.forget(1)  # twice: nothing left to drop
    assert old.terminated
    new = cast("Pool", await workers.pool(1))
    assert new.address == ("10.0.0.42", 5432) and coordinator.asked == [1, 1]


async def test_a_group_the_coordinator_does_not_name_is_refused_and_not_kept() -> None:
    coordinator, opener = Coordinator({}), Opener()
    workers = pools(coordinator, opener)
    with pytest.raises(UnknownWorker, match="node group 3"):
        await workers.pool(3)
    coordinator.nodes[3] = ("10.0.0.34", 5432)  # added since
    assert cast("Pool", await workers.pool(3)).address == ("10.0.0.34", 5432)


async def test_close_closes_every_pool_and_forgets_them() -> None:
    coordinator, opener = Coordinator({1: ("a", 1), 2: ("b", 2)}), Opener()
    workers = pools(coordinator, opener)
    await workers.pool(1)
    await workers.pool(2)
    await workers.close()
    assert all(p.closed for p in opener.opened)
    await workers.pool(1)
    assert len(opener.opened) == 3  # opened again after close
