"""`tapis verify FILE`: the whole audit of an export, offline, with Tapis' own rules (services/verify.py).

Each of the five games, exported by Tapis, verifies; then tampered as an attacker would, with the chain recomputed
(the chain algorithm is public) so that only the rules can tell: swapped hands and forged scores are not what the
recorded commands give, an inserted move is refused by the rules, a removed or reordered event breaks the
re-execution, a chosen deal is not the shuffle of the key. Without the chain recomputed, a change is a broken chain.
A file that is not a finished game's export exits 2, naming the problem.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from api.cli import main
from api.verify_command import verify_file
from tests.verifier import tamper

GAMES = ("six-nimmt", "le-baron", "barbu", "daron", "bohnanza")

Tamper = Callable[[bytes], bytes]
# (name, tamper, the check `tapis verify` names)
REWRITTEN: list[tuple[str, Tamper, str]] = [
    ("hands swapped", tamper.swap_hands, "re_execution"),
    ("a chosen deal", tamper.chosen_deal, "shuffles"),
    ("scores and winners forged", lambda b: tamper.forge_scores(b, rechained=True), "re_execution"),
    ("an illegal move inserted", lambda b: tamper.insert_illegal_move(b, rechained=True), "re_execution"),
    ("an event removed", lambda b: tamper.remove_event(b, rechained=True), "re_execution"),
    ("two events reordered", lambda b: tamper.reorder_events(b, rechained=True), "re_execution"),
]
UNCHAINED: list[tuple[str, Tamper]] = [
    ("one byte of data changed", tamper.flip_byte),
    ("scores forged", tamper.forge_scores),
    ("an event removed", tamper.remove_event),
    ("two events reordered", tamper.reorder_events),
]


def failed_check(blob: bytes, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = verify_file(blob)
    err = capsys.readouterr().err
    return code, err


@pytest.mark.parametrize("game", GAMES)
def test_an_exported_game_verifies(exports: dict[str, bytes], game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = failed_check(exports[game], capsys)
    assert code == 0, err


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("name", "change", "check"), REWRITTEN, ids=[r[0] for r in REWRITTEN])
def test_a_rewritten_history_fails_the_right_check(
    exports: dict[str, bytes], game: str, name: str, change: Tamper, check: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = failed_check(change(exports[game]), capsys)
    assert code == 1, f"{name}: {err}"
    assert err.startswith(f"FAILED {check}:"), f"{name}: {err}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("name", "change"), UNCHAINED, ids=[u[0] for u in UNCHAINED])
def test_a_change_without_the_chain_recomputed_breaks_the_chain(
    exports: dict[str, bytes], game: str, name: str, change: Tamper, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = failed_check(change(exports[game]), capsys)
    assert (code, err.split(":")[0]) == (1, "FAILED chain"), f"{name}: {err}"


@pytest.mark.parametrize(
    ("blob", "named"),
    [
        (b"not json", "malformed export (not_json)"),
        (b'{"format": "tapis-export", "format_version": 99}', "malformed export (unknown_version)"),
        (b"", "malformed export (not_json)"),
    ],
)
def test_a_malformed_file_exits_2_naming_the_problem(
    blob: bytes, named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = failed_check(blob, capsys)
    assert code == 2 and named in err, err


def test_a_truncated_or_wrong_version_export_exits_2(
    exports: dict[str, bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    blob = exports["six-nimmt"]
    assert failed_check(blob[: len(blob) // 2], capsys)[0] == 2
    assert b'"format_version":3' in blob
    code, err = failed_check(blob.replace(b'"format_version":3', b'"format_version":99', 1), capsys)
    assert code == 2 and "version 99" in err, err


def test_the_cli_reads_the_file_and_says_each_check(
    exports: dict[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(exports["barbu"])
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    for check in ("commitment", "deal_key", "chain", "shuffles", "re_execution", "scores"):
        assert check in out
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
