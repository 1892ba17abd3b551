"""The schema revisions this release runs against: a window, not the head alone (docs/migrations.md).

A deploy migrates first, then replaces the processes one by one. While it does, the old release's processes run
against the new release's schema, and they must stay ready: the new release's migration only expands (a table, a
nullable or defaulted column, an index built concurrently), which code written before it does not notice. So a
process is ready on any revision from `OLDEST` (the oldest schema this code was written to run against: the first
revision holding everything it reads and writes) to one revision past its own head (the next release's expand).
Two past it, the release after next may have contracted what this code still uses: not ready.

Revision ids are sequence numbers, each its predecessor's plus one (tests/unit/test_schema_window.py checks it),
so "one past the head" is known without knowing the next release's files; that is also why a release ships at most
one revision (as many statements as it needs in it).
"""

from __future__ import annotations

from dataclasses import dataclass

from infra.migrate import head_revision

# the oldest schema this code runs against: 0009 added the webhook intake's `shards` column, which this code reads
OLDEST = "0009"
AHEAD = 1  # revisions past this code's head it still runs against: the next release's expand migration


@dataclass(frozen=True)
class Window:
    oldest: str
    newest: str

    def judge(self, revision: str | None) -> str:
        """`ok` inside the window; `too_old` (run `tapis migrate`), `too_new` (a release more than one ahead
        migrated it) or `unrecognised` (not one of our sequence numbers) otherwise."""
        if revision is None:
            return "too_old"  # never migrated
        if not revision.isdigit():
            return "unrecognised"
        number = int(revision)
        if number < int(self.oldest):
            return "too_old"
        if number > int(self.newest):
            return "too_new"
        return "ok"


def window(head: str | None = None) -> Window:
    head = head or head_revision()
    return Window(oldest=OLDEST, newest=f"{int(head) + AHEAD:0{len(head)}d}")
