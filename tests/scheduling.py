"""`make test`'s order of work over its pytest-xdist workers: the longest modules first, the browser's beside the rest.

pytest-xdist's `--dist loadscope` sends whole modules (their module-scoped servers start once) in the collection's
order. Two things about this suite make that order slow:

- The browser modules must come last on a worker: Playwright's sync API leaves its event loop marked as running
  on the worker's main thread while the session's Chromium is open, so no asyncio test can follow it there
  (tests/browser/conftest.py). In the collection's order every worker therefore ends on browser modules at once.
- A module that starts late and runs long (a game played by clicks on a phone, 30 s) ends a worker's run alone
  while the other worker is idle.

This scheduler (`pytest_xdist_make_scheduler` in tests/conftest.py, for `--dist loadscope`) keeps loadscope's units
and its pace (a worker gets its next module when two tests or fewer of its last remain) and chooses which module:

- each module's cost is its measured seconds (tests/durations.json, `make test-durations` refreshes it; a module not
  in it counts as a short one), and a worker always gets the costliest module it may run (longest first, the
  classic greedy that ends workers close together);
- a worker that was given a browser module is a browser worker from then on and gets only browser modules;
- the first `TAPIS_BROWSER_WORKERS` workers (default: a third of them, at least one when there are three or more)
  start on the browser modules, the others on the rest; a worker whose kind of module is used up takes the other
  kind if it may (a worker that has not turned to the browser may still), else it stops.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from xdist.scheduler.loadscope import LoadScopeScheduling

if TYPE_CHECKING:
    import pytest
    from xdist.remote import Producer
    from xdist.workermanage import WorkerController

DURATIONS = Path(__file__).with_name("durations.json")
BROWSER = "tests/browser/"
UNKNOWN_SECONDS = 1.0  # a module added since the last measurement: cheap until measured, never ahead of the long ones


def module_costs(path: Path = DURATIONS) -> dict[str, float]:
    """Seconds by module path (`tests/e2e/test_x.py`), as `make test-durations` wrote them; empty when absent."""
    try:
        costs = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return {str(module): float(seconds) for module, seconds in costs.items()}


def browser_workers(workers: int) -> int:
    """How many workers start on the browser modules: TAPIS_BROWSER_WORKERS, else a third of them.

    Never all of them: a worker that turned to the browser runs nothing else, so one must be left for the rest.
    """
    chosen = os.environ.get("TAPIS_BROWSER_WORKERS")
    wanted = workers // 3 if chosen is None else int(chosen)
    return max(0, min(workers - 1, wanted))


def is_browser(scope: str) -> bool:
    return scope.startswith(BROWSER)


class CostScheduling(LoadScopeScheduling):
    """loadscope's whole modules, handed out costliest first, with workers that turn to the browser for good."""

    def __init__(
        self, config: pytest.Config, log: Producer | None = None, costs: dict[str, float] | None = None
    ) -> None:
        super().__init__(config, log)
        self.costs = module_costs() if costs is None else costs
        self.turned: set[WorkerController] = set()

    def cost(self, scope: str) -> float:
        return self.costs.get(scope.split("::", 1)[0], UNKNOWN_SECONDS)

    def _choose(self, node: WorkerController) -> str | None:
        browser = [scope for scope in self.workqueue if is_browser(scope)]
        other = [scope for scope in self.workqueue if not is_browser(scope)]
        # self.nodes keeps the order the workers were added in (loadscope's assigned_work, a dict)
        starts_on_browser = node in self.nodes[: browser_workers(len(self.nodes))]
        if node in self.turned:
            candidates = browser
        elif starts_on_browser:
            candidates = browser or other
        else:
            candidates = other or browser
        return max(candidates, key=self.cost, default=None)

    def _assign_work_unit(self, node: WorkerController) -> None:
        """The costliest module `node` may run; none left for it: it finishes what it has and stops."""
        scope = self._choose(node)
        if scope is None:
            node.shutdown()
            return
        work_unit = self.workqueue.pop(scope)
        if is_browser(scope):
            self.turned.add(node)
        self.assigned_work[node][scope] = work_unit  # add_node gave every worker its entry
        collection = self.registered_collections[node]
        node.send_runtest_some([collection.index(nodeid) for nodeid, done in work_unit.items() if not done])

    def _reschedule(self, node: WorkerController) -> None:
        # loadscope's pace (more work once two tests or fewer remain), without its shutdown on an empty queue only:
        # _assign_work_unit stops a worker as soon as nothing is left that it may run
        if not node.shutting_down and self._pending_of(self.assigned_work[node]) <= 2:
            self._assign_work_unit(node)


class DurationRecorder:
    """`--record-durations`: each module's seconds (its tests' setup, call and teardown) into tests/durations.json.

    Registered on the run's controlling process, which sees every worker's reports; the modules this run did not
    reach keep the seconds they had, so a run of part of the suite refreshes that part.
    """

    def __init__(self, path: Path = DURATIONS) -> None:
        self.path = path
        self.seconds: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        module = report.nodeid.split("::", 1)[0]
        self.seconds[module] = self.seconds.get(module, 0.0) + report.duration

    def pytest_sessionfinish(self) -> None:
        if not self.seconds:
            return
        costs = module_costs(self.path) | {module: round(seconds, 1) for module, seconds in self.seconds.items()}
        self.path.write_text(json.dumps(dict(sorted(costs.items())), indent=1) + "\n")
