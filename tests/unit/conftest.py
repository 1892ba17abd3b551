"""The unit tier's rule: no test sleeps for real.

Every wait of the services goes through their clock (services/ports/clock.py), which a unit test drives by hand
(tests/unit/services/fakes.py, `ManualClock`): a test that asserts after a real pause measures the machine's load
as much as the code, and a 2-core machine shared by the whole suite made such tests flaky. So, in every test of
this directory, `asyncio.sleep` with a positive delay and `time.sleep` fail the test (the call raises `RealSleep`
in its caller, and the test fails at teardown even when a background task swallowed that). `asyncio.sleep(0)`, a
turn of the loop, stays free, and so does `subprocess` waiting for a real child (a harness test's). Tests marked
`integration` talk to real servers and may poll them: they are exempt.
"""

from __future__ import annotations

import asyncio
import sys
import time
import traceback
from collections.abc import Iterator
from typing import Any

import pytest


class RealSleep(AssertionError):
    """A unit test slept for real: let its clock's time pass instead (`ManualClock.elapse`)."""


@pytest.fixture(autouse=True)
def no_real_sleep(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    offences: list[str] = []
    if request.node.get_closest_marker("integration") is not None:
        yield offences
        return
    real_sleep, real_time_sleep = asyncio.sleep, time.sleep

    def offend(what: str) -> RealSleep:
        where = "".join(traceback.format_stack(limit=6)[:-2])
        offences.append(f"{what}\n{where}")
        return RealSleep(f"{what}: a unit test never sleeps for real; advance its clock instead")

    async def guarded_sleep(delay: float, result: Any = None) -> Any:
        if delay > 0:
            raise offend(f"asyncio.sleep({delay})")
        return await real_sleep(delay, result)

    def guarded_time_sleep(seconds: float) -> None:
        if sys._getframe(1).f_globals.get("__name__") == "subprocess":
            real_time_sleep(seconds)  # `Popen.wait` polling a real child process: a wait for it, not for time
            return
        raise offend(f"time.sleep({seconds})")

    monkeypatch.setattr(asyncio, "sleep", guarded_sleep)
    monkeypatch.setattr(time, "sleep", guarded_time_sleep)
    yield offences
    monkeypatch.undo()
    if offences:
        pytest.fail("slept for real:\n" + "\n".join(offences), pytrace=False)
