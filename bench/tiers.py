"""CPU time per tier from /proc: what a command costs the API process, each Postgres node and each Redis node.

A tier is a list of processes on this machine: an API process with its descendants, a Postgres node (its
postmaster, the backends alive under it and those it has reaped: the backends of short-lived connections end before
they are read), a Redis node. A process that is not on this machine (a remote server) is not counted, and its tier
reads 0; a benchmark says so rather than reading nothing as free.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import redis.asyncio as redis

from bench.compare import TICKS, cpu_seconds


def _stat(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()


def reaped_seconds(pid: int) -> float:
    """The CPU of a process' children that exited and were waited for (cutime and cstime)."""
    try:
        fields = _stat(pid)
    except OSError:
        return 0.0
    return sum(int(value) for value in fields[13:15]) / TICKS


def parent_of(pid: int) -> int | None:
    try:
        return int(_stat(pid)[1])
    except OSError:
        return None  # not on this machine


async def _postmaster(url: str) -> int | None:
    conn = await asyncpg.connect(url)
    try:  # read while the backend is alive: it ends with the connection
        return parent_of(int(await conn.fetchval("SELECT pg_backend_pid()")))
    finally:
        await conn.close()


async def _redis_pid(url: str) -> int | None:
    client = redis.Redis.from_url(url)
    try:
        pid = int((await client.info("server"))["process_id"])
    finally:
        await client.aclose()
    return pid if parent_of(pid) is not None else None


def postmaster(url: str) -> int | None:
    """The postmaster serving `url`, when it runs on this machine."""
    return asyncio.run(_postmaster(url))


def redis_server(url: str) -> int | None:
    """The redis-server serving `url` (one node's URL), when it runs on this machine."""
    return asyncio.run(_redis_pid(url))


class Clock:
    """Reads each tier's CPU seconds; `postgres` tiers count their reaped backends too."""

    def __init__(self, postgres: dict[str, int | None], others: dict[str, int | None]) -> None:
        self.postgres = postgres
        self.others = others

    def read(self, api: dict[str, int]) -> dict[str, float]:
        """{tier: CPU seconds so far}, the API processes given by pid, and this process as the load generator."""
        seconds = {name: cpu_seconds(pid) for name, pid in api.items()}
        for name, pid in self.postgres.items():
            seconds[name] = 0.0 if pid is None else cpu_seconds(pid) + reaped_seconds(pid)
        for name, pid in self.others.items():
            seconds[name] = 0.0 if pid is None else cpu_seconds(pid)
        times = os.times()
        seconds["load generator"] = times.user + times.system
        return seconds

    @property
    def missing(self) -> list[str]:
        return [name for name, pid in {**self.postgres, **self.others}.items() if pid is None]


class Meter:
    """CPU seconds of each tier summed over the intervals measured (`with meter.measuring(): ...`)."""

    def __init__(self, clock: Clock, api: dict[str, int]) -> None:
        self.clock, self.api = clock, api
        self.seconds: dict[str, float] = {}
        self.wall = 0.0  # seconds measured

    @contextlib.contextmanager
    def measuring(self) -> Iterator[None]:
        before, began = self.clock.read(self.api), time.perf_counter()
        yield
        after = self.clock.read(self.api)
        self.wall += time.perf_counter() - began
        for tier, value in after.items():
            self.seconds[tier] = self.seconds.get(tier, 0.0) + value - before[tier]

    def idle(self, seconds: float) -> None:
        """Measure `seconds` of no load: what the servers' background work (the projector's and the webhook
        intake's polls, Citus' maintenance) costs each tier per second."""
        with self.measuring():
            time.sleep(seconds)

    def rates(self) -> dict[str, float]:
        """CPU seconds per second of each tier over what was measured."""
        return {tier: seconds / max(self.wall, 1e-9) for tier, seconds in self.seconds.items()}

    def net_per_command(self, commands: int, idle: dict[str, float]) -> dict[str, int]:
        """µs of CPU per command of each tier, the background's CPU (`idle`: CPU seconds a second) taken off."""
        found = {
            tier: round(max(seconds - idle.get(tier, 0.0) * self.wall, 0.0) / max(commands, 1) * 1e6)
            for tier, seconds in self.seconds.items()
        }
        found["servers"] = sum(v for k, v in found.items() if k != "load generator")
        return found

    def per_command(self, commands: int) -> dict[str, int]:
        """µs of CPU per command of each tier, and their sum over the servers (the load generator apart)."""
        found = {tier: round(seconds / max(commands, 1) * 1e6) for tier, seconds in self.seconds.items()}
        found["servers"] = sum(v for k, v in found.items() if k != "load generator")
        return found
