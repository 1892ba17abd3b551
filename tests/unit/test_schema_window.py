"""The schema window (infra/schema_window.py) rests on revision ids being sequence numbers: each migration's id is
its predecessor's plus one, four digits, in one line of history. Checked here on the shipped migrations, with the
window's verdicts on either side of each end."""

from __future__ import annotations

from alembic.script import ScriptDirectory

from infra.migrate import alembic_config, head_revision
from infra.schema_window import AHEAD, OLDEST, Window, window


def test_every_revision_is_its_predecessors_number_plus_one() -> None:
    scripts = ScriptDirectory.from_config(alembic_config("postgresql://unused/none"))
    revisions = list(scripts.walk_revisions())  # head first
    assert len(scripts.get_heads()) == 1
    for script in revisions:
        assert script.revision.isdigit() and len(script.revision) == 4, script.revision
        if script.down_revision is None:
            assert script.revision == "0001"
        else:
            assert isinstance(script.down_revision, str)
            assert int(script.revision) == int(script.down_revision) + 1, script.revision
    assert int(revisions[0].revision) == len(revisions)


def test_the_window_runs_from_the_oldest_to_one_past_the_head() -> None:
    head = head_revision()
    assert int(OLDEST) <= int(head)
    shown = window()
    assert shown == Window(oldest=OLDEST, newest=f"{int(head) + AHEAD:04d}")
    assert AHEAD == 1


def test_verdicts() -> None:
    shown = Window(oldest="0009", newest="0011")
    assert [shown.judge(r) for r in ("0008", "0009", "0010", "0011", "0012")] == [
        "too_old",
        "ok",
        "ok",
        "ok",
        "too_new",
    ]
    assert shown.judge(None) == "too_old"
    assert shown.judge("ae1027a6acf") == "unrecognised"
