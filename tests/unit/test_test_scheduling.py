"""make test's order of work (tests/scheduling.py), played with fake workers: what each is sent, in order."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.scheduling import CostScheduling, DurationRecorder, browser_workers, module_costs


class FakeConfig:
    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.option = SimpleNamespace(loadscopereorder=True)

    def getvalue(self, name: str) -> list[str]:
        assert name == "tx"
        return [f"{self.workers}*popen"]


class FakeWorker:
    """A worker that runs what it is sent at once when asked, as pytest-xdist's controller sees it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.gateway = SimpleNamespace(id=name)
        self.shutting_down = False
        self.ran: list[str] = []
        self.queued: list[int] = []

    def send_runtest_some(self, indices: list[int]) -> None:
        self.queued.extend(indices)

    def shutdown(self) -> None:
        self.shutting_down = True

    def __repr__(self) -> str:
        return self.name


COLLECTION = [
    "tests/unit/test_a.py::test_1",
    "tests/unit/test_a.py::test_2",
    "tests/e2e/test_long.py::test_1",
    "tests/e2e/test_long.py::test_2",
    "tests/e2e/test_long.py::test_3",
    "tests/browser/test_phone.py::test_1",
    "tests/browser/test_phone.py::test_2",
    "tests/browser/test_short.py::test_1",
    "tests/integration/test_new.py::test_1",
]
COSTS = {
    "tests/unit/test_a.py": 3.0,
    "tests/e2e/test_long.py": 60.0,
    "tests/browser/test_phone.py": 140.0,
    "tests/browser/test_short.py": 5.0,
}


def run(workers: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, browser: str | None = None) -> list[FakeWorker]:
    """Every module handed out and run, the workers taking turns finishing a test; the modules each ran, in order."""
    durations = tmp_path / "durations.json"
    durations.write_text(json.dumps(COSTS))
    if browser is None:
        monkeypatch.delenv("TAPIS_BROWSER_WORKERS", raising=False)
    else:
        monkeypatch.setenv("TAPIS_BROWSER_WORKERS", browser)
    config: Any = FakeConfig(workers)
    scheduler = CostScheduling(config, None, module_costs(durations))
    nodes = [FakeWorker(f"gw{i}") for i in range(workers)]
    fake: Any
    for fake in nodes:
        scheduler.add_node(fake)
        scheduler.add_node_collection(fake, COLLECTION)
    scheduler.schedule()
    for _ in range(100):
        busy = [node for node in nodes if node.queued]
        if not busy:
            break
        for fake in busy:
            index = fake.queued.pop(0)
            module = COLLECTION[index].split("::")[0]
            if not fake.ran or fake.ran[-1] != module:
                fake.ran.append(module)
            scheduler.mark_test_complete(fake, index)
    assert scheduler.tests_finished
    return nodes


def test_the_costliest_module_goes_first_and_the_browser_to_its_own_worker(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    gw0, gw1, gw2 = run(3, monkeypatch, tmp_path)
    assert gw0.ran[0] == "tests/browser/test_phone.py"  # the first worker starts on the browser, longest first
    assert gw1.ran[0] == "tests/e2e/test_long.py"  # the others on the rest, longest first
    assert gw2.ran[0] == "tests/unit/test_a.py"
    everything = {module for node in (gw0, gw1, gw2) for module in node.ran}
    assert everything == {nodeid.split("::")[0] for nodeid in COLLECTION}


@pytest.mark.parametrize(("workers", "browser"), [(2, None), (3, None), (3, "2"), (4, "9"), (5, None)])
def test_no_module_but_a_browser_one_follows_a_browser_one_on_a_worker(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, workers: int, browser: str | None
) -> None:
    # Playwright's sync API leaves its loop running on the worker's thread: an asyncio test after it would fail
    nodes = run(workers, monkeypatch, tmp_path, browser)
    for node in nodes:
        kinds = [module.startswith("tests/browser/") for module in node.ran]
        assert kinds == sorted(kinds), node.ran
    assert sum(len(node.ran) for node in nodes) == 5  # every module once


def test_a_module_not_measured_counts_as_short(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (only,) = run(1, monkeypatch, tmp_path)
    assert only.ran == [
        "tests/e2e/test_long.py",
        "tests/unit/test_a.py",
        "tests/integration/test_new.py",  # not in durations.json: one second
        "tests/browser/test_phone.py",
        "tests/browser/test_short.py",
    ]


def test_one_worker_is_always_left_for_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAPIS_BROWSER_WORKERS", "8")
    assert browser_workers(3) == 2
    monkeypatch.delenv("TAPIS_BROWSER_WORKERS")
    assert [browser_workers(n) for n in (1, 2, 3, 6)] == [0, 0, 1, 2]


def test_recorded_durations_keep_the_modules_a_run_did_not_reach(tmp_path: Path) -> None:
    path = tmp_path / "durations.json"
    path.write_text(json.dumps({"tests/a.py": 4.0, "tests/b.py": 9.0}))
    recorder = DurationRecorder(path)
    report: Any
    for nodeid, seconds in [("tests/b.py::t1", 1.25), ("tests/b.py::t2", 2.0), ("tests/c.py::t", 0.5)]:
        report = pytest.TestReport(nodeid, ("tests/b.py", 0, nodeid), {}, "passed", None, "call", [], duration=seconds)
        recorder.pytest_runtest_logreport(report)
    recorder.pytest_sessionfinish()
    assert json.loads(path.read_text()) == {"tests/a.py": 4.0, "tests/b.py": 3.2, "tests/c.py": 0.5}
