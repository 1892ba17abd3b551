"""The failover tests' harnesses stop what they started when a later start fails, whatever the failure:
tools/pg_standby.py (stand-in nodes: no PostgreSQL needed) and infra/local_sentinel.py (the machine's redis-server,
skipped without one)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

import tools.pg_standby as pg_standby
from infra.local_cluster import binaries
from infra.local_sentinel import LocalSentinel


class FakeNode:
    """Records starts and stops; its `run` (pg_basebackup, promote) raises `failure` when set."""

    running_ports: set[int]
    failure: BaseException | None = None

    def __init__(self, root: Path, port: int, settings: dict[str, str]) -> None:
        self.port = port
        self.data = root / f"node{port}"

    def start(self) -> FakeNode:
        FakeNode.running_ports.add(self.port)
        return self

    def stop(self, mode: str = "fast") -> None:
        FakeNode.running_ports.discard(self.port)

    def run(self, *args: str, check: bool = True) -> None:
        if FakeNode.failure is not None:
            raise FakeNode.failure


@pytest.mark.parametrize("failure", [RuntimeError("pg_basebackup failed"), KeyboardInterrupt()])
def test_the_primary_stops_when_the_standby_cannot_be_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    monkeypatch.setattr(pg_standby, "PgNode", FakeNode)
    FakeNode.running_ports, FakeNode.failure = set(), failure
    pair = pg_standby.PrimaryAndStandby(tmp_path)
    with pytest.raises(type(failure)):
        pair.start()
    assert FakeNode.running_ports == set()


@pytest.mark.integration  # real redis-server processes, polled until they answer (tests/unit/conftest.py)
def test_the_servers_stop_when_a_sentinel_cannot_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if binaries() is None:
        pytest.skip("no redis-server with a redis-cli beside it")
    harness = LocalSentinel(tmp_path)
    started: list[subprocess.Popen[bytes]] = []
    popen = harness._popen

    def recorded(port: int, command: list[str], directory: Path) -> None:
        popen(port, command, directory)
        started.append(harness._processes[port])

    def fails(*_: Any) -> None:
        raise RuntimeError("no sentinel today")

    monkeypatch.setattr(harness, "_popen", recorded)
    monkeypatch.setattr(harness, "_spawn_sentinel", fails)
    with pytest.raises(RuntimeError, match="no sentinel today"):
        harness.start()
    assert len(started) == 2  # the primary and the replica ran
    assert all(process.poll() is not None for process in started)
