"""`tapis rebuild`'s progress line (api/rebuild_progress.py): done of total, this run's events/s, the time left; a line
every few seconds into a file, the last state always."""

from __future__ import annotations

import io

from api.rebuild_progress import ProgressLine, describe, duration
from services.rebuild import Progress


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_rate_and_time_left_count_this_run_only() -> None:
    # resumed at 100,000 of 400,000; this run folded 50,000 more in 2 s
    progress = Progress(done=150_000, total=400_000, this_run=50_000, seconds=2.0, resumed=True)
    assert progress.rate == 25_000
    assert progress.eta == 10.0
    assert describe(progress) == "rebuild: 150,000 / 400,000 events (38 %), 25,000 events/s, ETA 0:10"
    assert Progress(0, 10, 0, 0.0, False).eta is None
    assert "ETA unknown" in describe(Progress(0, 10, 0, 0.0, False))


def test_durations() -> None:
    assert duration(59.6) == "1:00"
    assert duration(3_725) == "1:02:05"


def test_into_a_file_a_line_every_few_seconds_and_the_last_state() -> None:
    out, clock = io.StringIO(), Clock()
    line = ProgressLine(out, every=5.0, clock=clock)
    for step in range(1, 13):  # a report each second
        clock.now = float(step)
        line.report(Progress(step * 1_000, 12_000, step * 1_000, float(step), False))
    line.finish()
    lines = out.getvalue().splitlines()
    # the first report, then one 5 s later, and another, and the last state (not shown yet)
    assert [text.split(" events")[0] for text in lines] == [
        "rebuild: 1,000 / 12,000",
        "rebuild: 6,000 / 12,000",
        "rebuild: 11,000 / 12,000",
        "rebuild: 12,000 / 12,000",
    ]
    assert lines[-1].endswith("(100 %), 1,000 events/s, ETA 0:00")


def test_the_last_state_is_not_written_twice() -> None:
    out = io.StringIO()
    line = ProgressLine(out, every=5.0, clock=Clock())
    line.report(Progress(10, 10, 10, 1.0, False))
    line.finish()
    assert out.getvalue().count("\n") == 1
