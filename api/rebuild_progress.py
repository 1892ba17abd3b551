"""`tapis rebuild`'s progress on stderr: events done of the log's total, this run's events/s, and the time left.

On a terminal one line is redrawn in place (at most five times a second); into a file or a pipe (a log, CI) a line is
written every `every` seconds, so that the output stays short on a long rebuild. The last state is always written.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

from services.rebuild import Progress


def duration(seconds: float) -> str:
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def describe(progress: Progress) -> str:
    share = 100.0 * progress.done / progress.total if progress.total else 100.0
    eta = progress.eta
    left = "ETA " + duration(eta) if eta is not None else "ETA unknown"
    return (
        f"rebuild: {progress.done:,} / {progress.total:,} events ({share:.0f} %), {progress.rate:,.0f} events/s, {left}"
    )


class ProgressLine:
    def __init__(self, out: TextIO, every: float = 5.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.out = out
        self.tty = out.isatty()
        self.every = 0.2 if self.tty else every
        self.clock = clock
        self._last: Progress | None = None
        self._shown_at: float | None = None
        self._shown: Progress | None = None

    def report(self, progress: Progress) -> None:
        self._last = progress
        now = self.clock()
        if self._shown_at is None or now - self._shown_at >= self.every:
            self._show(progress)
            self._shown_at = now

    def finish(self) -> None:
        """The last state, if it was not shown yet (and the terminal's line ended)."""
        if self._last is not None and self._last is not self._shown:
            self._show(self._last)
        if self.tty and self._shown is not None:
            self.out.write("\n")
            self.out.flush()

    def _show(self, progress: Progress) -> None:
        self._shown = progress
        text = describe(progress)
        self.out.write(f"\r{text}\x1b[K" if self.tty else text + "\n")
        self.out.flush()
