"""Connections to the Citus workers themselves, for the appends (`TAPIS_CITUS_WORKER_APPENDS`, docs/deploy.md).

Through the coordinator, each command's append is planned twice: the coordinator plans the statement, finds the
game's shard and sends it on to the worker, which plans it again. Citus 12 keeps its metadata on every node, so a
worker can take the same statement itself: sent straight to the worker that holds the game's shard, it runs there
by local execution, one connection and one commit, and the coordinator does nothing for the command. It cost the
coordinator about 900 µs of CPU a command (docs/capacity.md, measured by bench/tier_costs.py).

A node group's address comes from the coordinator's `pg_dist_node`, as the coordinator reaches it; the API must reach
the workers at the same address, with the same user, password and database as the coordinator's URL. A pool that
fails is dropped, and the next append asks the address again (a worker replaced by `citus_update_node`). The event
store keeps one group commit in flight per worker (infra/event_store.py), so each pool needs few connections.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import asyncpg

from infra.asked import Asked

# the primary of each node group that holds shards (group 0 is the coordinator)
NODE = """
SELECT nodename, nodeport FROM pg_dist_node
WHERE groupid = $1 AND noderole = 'primary' AND isactive
ORDER BY nodeid LIMIT 1
"""

# a pool to host:port with everything else of the coordinator's URL
Opener = Callable[[str, int], Awaitable[asyncpg.Pool]]
GROUPS = 4096  # node groups a cluster may have (pools are kept for all of them: none is closed by eviction)


class UnknownWorker(LookupError):
    """The coordinator names no active primary for a node group (a node removed or disabled meanwhile)."""


class WorkerPools:
    """One pool per Citus node group, opened on the group's first append and kept."""

    def __init__(self, coordinator: asyncpg.Pool, open_pool: Opener) -> None:
        self._coordinator = coordinator
        self._open = open_pool
        # asked once per group: two appends that both find no pool share the one the first opens
        self._pools: Asked[int, asyncpg.Pool] = Asked(self._open_group, GROUPS)

    async def pool(self, group: int) -> asyncpg.Pool:
        """The group's pool (its address asked of the coordinator the first time)."""
        return await self._pools(group)

    async def _open_group(self, group: int) -> asyncpg.Pool:
        row = await self._coordinator.fetchrow(NODE, group)
        if row is None:
            raise UnknownWorker(f"the coordinator names no active primary for node group {group}")
        return await self._open(row["nodename"], row["nodeport"])

    def forget(self, group: int) -> None:
        """Drop the group's pool after it failed: its connections are closed, the next append opens another."""
        pool = self._pools.forget(group)
        if pool is not None:
            pool.terminate()

    async def close(self) -> None:
        for pool in self._pools.clear():
            await pool.close()
