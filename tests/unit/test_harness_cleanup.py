"""A harness that starts several servers stops the ones it started when a later one fails to start, whatever the
failure (tools/citus_cluster.py; the nodes are stand-ins here, so the test runs without Citus' binaries)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

import tools.citus_cluster as citus
from tools.pg_node import PgNodeError


class FakeNode:
    """A node that records its start and stop; the `failing` port's start raises `failure`."""

    started: set[int]
    stops: list[int]
    failing: int | None = None
    failure: BaseException = RuntimeError("boom")
    stop_fails: int | None = None
    lock = threading.Lock()

    def __init__(self, root: Path, port: int, settings: dict[str, str]) -> None:
        self.port = port

    def give(self, path: Path) -> None:
        pass

    @property
    def running(self) -> bool:
        return self.port in FakeNode.started

    def start(self) -> FakeNode:
        if self.port == FakeNode.failing:
            raise FakeNode.failure
        with FakeNode.lock:
            FakeNode.started.add(self.port)
        return self

    def stop(self, mode: str = "fast") -> None:
        if not self.running:
            return
        FakeNode.stops.append(self.port)
        if self.port == FakeNode.stop_fails:
            raise PgNodeError(f"pg_ctl stop on {self.port} failed")
        FakeNode.started.discard(self.port)


@pytest.fixture
def fake_nodes(monkeypatch: pytest.MonkeyPatch) -> type[FakeNode]:
    monkeypatch.setattr(citus, "missing", lambda: None)
    monkeypatch.setattr(citus, "stop_stale", lambda: None)
    monkeypatch.setattr(citus, "PgNode", FakeNode)
    FakeNode.started, FakeNode.stops = set(), []
    FakeNode.failing, FakeNode.stop_fails = None, None
    return FakeNode


@pytest.mark.parametrize(
    ("failure", "raised"),
    [
        (PgNodeError("would not start"), citus.CitusUnavailable),  # the one case handled before
        (RuntimeError("anything else"), RuntimeError),
        (KeyboardInterrupt(), KeyboardInterrupt),
    ],
)
def test_a_failed_start_stops_the_nodes_that_started(
    fake_nodes: type[FakeNode], tmp_path: Path, failure: BaseException, raised: type[BaseException]
) -> None:
    fake_nodes.failing, fake_nodes.failure = citus.PORTS[1], failure
    cluster = citus.CitusCluster(tmp_path)
    with pytest.raises(raised):
        cluster.start()
    assert fake_nodes.started == set(), "a node that started was left running"
    assert sorted(fake_nodes.stops) == sorted(p for p in citus.PORTS if p != citus.PORTS[1])


def test_stop_stops_every_node_even_when_one_stop_fails(fake_nodes: type[FakeNode], tmp_path: Path) -> None:
    cluster = citus.CitusCluster(tmp_path).start()
    fake_nodes.stop_fails = citus.PORTS[0]
    with pytest.raises(citus.CitusUnavailable):
        cluster.stop()
    assert sorted(fake_nodes.stops) == sorted(citus.PORTS)
    assert fake_nodes.started == {citus.PORTS[0]}, "only the node whose stop failed is left"
