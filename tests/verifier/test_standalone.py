"""The standalone verifier (verifier/tapis_verify.py) against rules/dealing.md's vectors, real finished games that
Tapis exported, the tampers of tamper.py, and malformed files.

The verifier runs as an auditor runs it: a separate `python -I` (no site, no PYTHONPATH, no cwd on the path) from
a directory outside the repository, so that it could not import Tapis even if it tried.
"""

from __future__ import annotations

import ast
import asyncio
import inspect
import json
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bootstrap import Services, in_memory
from tests.plain import plain
from tests.verifier import tamper
from tests.verifier.tamper import VERIFIER, verifier

CORPUS_DIR = Path(__file__).resolve().parents[1] / "corpus"
SEED_0_31 = bytes(range(32))
ENTROPY = "alice-device-7f3a"
# per game: seats and options for a short finished game (several deals where the game has rounds)
PLAYS: dict[str, tuple[int, dict[str, Any]]] = {
    "six-nimmt": (3, {"end": {"kind": "rounds", "rounds": 2}}),
    "le-baron": (3, {"rounds": 2}),
    "barbu": (4, {"max_rounds": 2}),
    "daron": (3, {}),
    "bohnanza": (3, {}),
}
MORE_PLAYS: dict[str, tuple[str, int, dict[str, Any]]] = {
    "six-nimmt-full": ("six-nimmt", 4, {"deck": "full", "end": {"kind": "rounds", "rounds": 1}}),
    "six-nimmt-pro": ("six-nimmt", 3, {"variant": "pro", "end": {"kind": "rounds", "rounds": 1}}),
    "le-baron-10p": ("le-baron", 10, {}),
    "barbu-6p": ("barbu", 6, {"max_rounds": 7}),
    "daron-8p": ("daron", 8, {}),
    "bohnanza-extended": ("bohnanza", 7, {"extended": True}),
}


# --- running the verifier -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str

    @property
    def failed(self) -> str | None:
        """The name of the check that failed, from the verifier's `FAILED <check>: <why>` on stderr."""
        lines = [line for line in self.err.splitlines() if line.startswith("FAILED ")]
        return lines[0].split()[1].rstrip(":") if lines else None


def verify(tmp_path: Path, blob: bytes, *args: str) -> Run:
    path = tmp_path / "export.json"
    path.write_bytes(blob)
    done = subprocess.run(
        [sys.executable, "-I", str(VERIFIER), str(path), *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return Run(done.returncode, done.stdout, done.stderr)


def assert_ok(run: Run) -> None:
    assert run.code == 0, run.out + run.err
    statuses = {line.split()[0]: line.split()[1] for line in run.out.splitlines()}
    assert list(statuses) == ["format", "commitment", "deal_key", "chain", "shuffles", "deals"][: len(statuses)]
    assert set(statuses.values()) <= {"ok", "n/a"}
    assert statuses["format"] == statuses["commitment"] == statuses["shuffles"] == statuses["deals"] == "ok"


def assert_fails(run: Run, check: str) -> None:
    assert (run.code, run.failed) == (1, check), run.out + run.err
    assert f"{check:<10} FAILED" in run.out


# --- real games, exported by Tapis ----------------------------------------------------------------------------------


def takes_entropy() -> bool:
    return "entropy" in inspect.signature(in_memory().commands.join).parameters


async def play(game: str, players: int, options: dict[str, Any], humans: bool, seed: str | None = None) -> bytes:
    """A finished game of bots; with `humans` (where seats send entropy), seat 0 is a person with entropy, and
    seat 1 was first taken by another person, who left before the start."""
    services: Services = in_memory()
    created = plain(await services.commands.create(game, players, options, seed, None))
    game_id, admin = created["game_id"], created["admin_token"]
    tokens: dict[int, str] = {}
    if humans:
        alice = await services.commands.join(game_id, None, "alice", None, None, entropy=ENTROPY)
        tokens[0] = plain(alice)["player_token"]
        bob = await services.commands.join(game_id, None, "bob", None, None, entropy="bob")
        await services.seats.leave(game_id, plain(bob)["player_token"])
    for _ in range(players - len(tokens)):
        await services.commands.join(game_id, admin, None, None, "random")
    await services.commands.start(game_id, admin)
    rng = random.Random(game_id)
    for _ in range(100_000):
        view = plain(await services.queries.view(game_id, None))
        if view["status"] != "active":
            return await services.exports.export(game_id, None)
        seat = next(s for s in view["awaiting"] if s in tokens)
        moves = plain(await services.queries.legal_moves(game_id, tokens[seat]))["moves"]
        await services.commands.command(game_id, tokens[seat], json.dumps(rng.choice(moves)).encode(), None, None)
    raise AssertionError(f"the {game} game did not end")


def corpus_exports() -> dict[str, bytes]:
    """The golden corpus' games (recorded by earlier releases) as the format 1 export of each."""
    made = {}
    for path in sorted(CORPUS_DIR.glob("*.json")):
        game = json.loads(path.read_bytes())
        events = [
            {
                "version": e["version"],
                "type": e["type"],
                "schema_version": e["schema_version"],
                "data": json.loads(e["data"]),
                "recorded_at": "2026-01-01T00:00:00.000000Z",
                "metadata": e["metadata"],
            }
            for e in game["events"]
        ]
        document = {
            "format": "tapis-export",
            "format_version": 1,
            "game_id": game["game_id"],
            "game": game["game"],
            "players": game["players"],
            "options": events[0]["data"]["options"],
            "created_at": "2026-01-01T00:00:00.000000Z",
            "finished": True,
            "seed": game["seed"],
            "events": events,
        }
        made[path.stem] = tamper.encode(document)
    return made


CORPUS = corpus_exports()


# --- the algorithm: rules/dealing.md's test vectors -----------------------------------------------------------------


def test_the_shuffle_vectors_of_dealing_md() -> None:
    assert verifier.shuffle(bytes(32), "shuffle:0", range(1, 11)) == [8, 5, 4, 6, 10, 2, 1, 3, 9, 7]
    first = verifier.shuffle(SEED_0_31, "shuffle:0", range(1, 105))
    assert first[:12] == [37, 36, 74, 11, 6, 84, 22, 14, 17, 65, 21, 50]
    assert first[-5:] == [41, 97, 49, 94, 85]
    assert sorted(first) == list(range(1, 105))
    assert verifier.shuffle(SEED_0_31, "shuffle:1", range(1, 105))[:10] == [37, 16, 50, 31, 53, 82, 20, 45, 73, 5]


def test_the_version_1_commitment_vector() -> None:
    expected = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    assert verifier.commitment(1, "any game", SEED_0_31) == expected


def test_the_version_2_vectors_of_dealing_md() -> None:
    game_id = "0123456789abcdef"
    assert (
        verifier.commitment(2, game_id, SEED_0_31) == "c69ce1f12baef7d8a9c0c72a2bd99f8f1afd0237200dde925af23a8e93b82f01"
    )
    key = verifier.deal_key(game_id, SEED_0_31, [ENTROPY, "", "bob"])
    assert key.hex() == "671422168da92723c618561dedde50e00a7306b817b0dce4557f203c011550ec"
    assert verifier.shuffle(key, "shuffle:0", range(1, 35)) == [
        31, 6, 12, 19, 13, 9, 7, 11, 1, 15, 26, 34, 20, 32, 28, 17, 30, 24,
        21, 33, 4, 5, 10, 29, 8, 25, 23, 22, 14, 16, 3, 27, 18, 2,
    ]  # fmt: skip
    empty = verifier.deal_key(game_id, SEED_0_31, ["", "", ""])
    assert empty.hex() == "46ee4506530061e1674d2e4793ed4783f15ee2db5c3dc63130d9018920b47a1c"


def test_the_chain_links_as_the_brief_defines_them() -> None:
    import hashlib

    start = verifier.chain_start("g1")
    assert start == hashlib.sha256(b"tapis-chain-v1:g1").digest()
    link = verifier.chain_link(start, 1, "GameCreated", 1, b'{"type":"GameCreated"}')
    assert link == hashlib.sha256(start + b'1\x00GameCreated\x001\x00{"type":"GameCreated"}').digest()


def test_the_canonical_decks_hold_what_dealing_md_lists() -> None:
    assert len(verifier.canonical_deck("barbu", 4, {})) == 52
    assert (
        verifier.canonical_deck("barbu", 4, {})[:2] == ["2C", "3C"]
        and verifier.canonical_deck("barbu", 4, {})[-1] == "AS"
    )
    assert len(verifier.canonical_deck("daron", 3, {})) == 100
    assert len(verifier.canonical_deck("bohnanza", 3, {})) == 104
    assert len(verifier.canonical_deck("bohnanza", 7, {"extended": True})) == 144
    assert verifier.canonical_deck("six-nimmt", 3, {"deck": "reduced"}) == list(range(1, 35))
    assert verifier.canonical_deck("six-nimmt", 3, {"deck": "full"}) == list(range(1, 105))
    assert verifier.canonical_deck("six-nimmt", 3, {"deck": "full", "variant": "pro"}) == list(range(1, 35))


def test_the_verifier_imports_the_standard_library_only() -> None:
    tree = ast.parse(VERIFIER.read_text())
    imported = {
        ((node.module or "") if isinstance(node, ast.ImportFrom) else alias.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }
    assert imported - {"__future__"} <= sys.stdlib_module_names, imported - sys.stdlib_module_names


def test_the_tamper_kit_reencodes_an_untouched_export_to_its_own_bytes(exports: dict[str, bytes]) -> None:
    for blob in exports.values():
        assert tamper.encode(tamper.decode(blob)) == blob
        assert tamper.rechain(blob) == blob  # the chain recomputed from its definition is the one Tapis wrote


# --- real games: verified, then tampered with -----------------------------------------------------------------------


@pytest.mark.parametrize("name", [*PLAYS, *MORE_PLAYS])
def test_a_finished_game_exported_by_tapis_verifies(exports: dict[str, bytes], name: str, tmp_path: Path) -> None:
    run = verify(tmp_path, exports[name])
    assert_ok(run)
    document = tamper.decode(exports[name])
    if tamper.chained(document):
        assert "chain      ok" in run.out
    if document["events"][0]["data"].get("dealing", 1) == 2:
        assert "deal_key   ok" in run.out


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_the_corpus_games_verify_as_format_1_documents(name: str, tmp_path: Path) -> None:
    """The golden corpus: games recorded by earlier releases (dealt by version 1 up to the release of dealing 2)."""
    run = verify(tmp_path, CORPUS[name])
    assert_ok(run)
    assert "chain      n/a" in run.out
    if tamper.decode(CORPUS[name])["events"][0]["data"].get("dealing", 1) == 1:
        assert "deal_key   n/a" in run.out


def test_the_seat_entropies_enter_the_deal_key(exports: dict[str, bytes], tmp_path: Path) -> None:
    if not takes_entropy():
        pytest.skip("this Tapis takes no entropy at join yet")
    document = tamper.decode(exports["six-nimmt"])
    started = next(e for e in document["events"] if e["type"] == "GameStarted")
    assert started["data"]["entropy"] == [ENTROPY, "", ""]  # seat 1's first holder left: the bot's "" counts
    started["data"]["entropy"] = ["", "", ""]
    assert_fails(verify(tmp_path, tamper.rechain(tamper.encode(document))), "deal_key")


def test_a_seed_the_creator_chose_verifies_and_is_said(tmp_path: Path) -> None:
    """A test-mode server (in_memory's) takes a client seed; the game records it, and the verifier says so."""
    blob = asyncio.run(play("daron", 2, {}, False, seed="00" * 32))
    if tamper.decode(blob)["events"][0]["data"].get("seed_source", "server") != "client":
        pytest.skip("this Tapis does not record a seed's source")
    run = verify(tmp_path, blob)
    assert_ok(run)
    assert "seed_source client: the creator chose the seed" in run.out
    forged = edited(blob, lambda d: d.update(seed_source="server"))  # the document hides it; GameCreated does not
    assert_fails(verify(tmp_path, forged), "format")


@pytest.mark.parametrize("game", PLAYS)
def test_swapped_hands_fail_the_deals(exports: dict[str, bytes], game: str, tmp_path: Path) -> None:
    run = verify(tmp_path, tamper.swap_hands(exports[game]))
    assert_fails(run, "deals")
    hand = "pile" if game == "le-baron" else "hand"
    assert f"(CardsDealt) seat 0's {hand} is not what shuffle:0 deals" in run.err


@pytest.mark.parametrize("game", [*PLAYS, "le-baron-10p", "bohnanza-extended"])
def test_a_chosen_deal_fails_the_shuffles(exports: dict[str, bytes], game: str, tmp_path: Path) -> None:
    forged = tamper.chosen_deal(exports[game])
    run = verify(tmp_path, forged)
    assert_fails(run, "shuffles")
    assert "its order is not what shuffle:0 gives" in run.err


CORPUS_PICKS = {"six-nimmt": "six-nimmt-2p", "le-baron": "le-baron-2p", "barbu": "barbu-4p", "daron": "daron-3p"}
CORPUS_PICKS["bohnanza"] = "bohnanza-3p"


@pytest.mark.parametrize("game", PLAYS)
def test_the_tampers_on_a_file_without_a_chain(game: str, tmp_path: Path) -> None:
    """Format 1 (the corpus' games): the deal is still proven; what the chain would catch is not seen here."""
    blob = next(b for name, b in CORPUS.items() if name.startswith(CORPUS_PICKS[game]))
    assert_fails(verify(tmp_path, tamper.swap_hands(blob)), "deals")
    assert_fails(verify(tmp_path, tamper.chosen_deal(blob)), "shuffles")
    assert_ok(verify(tmp_path, tamper.forge_scores(blob)))  # `tapis verify` re-executes the game: it sees this
    assert_fails(verify(tmp_path, blob, "--head", "ab" * 32), "head")


def chained_export(exports: dict[str, bytes], game: str) -> bytes:
    blob = exports[game]
    if not tamper.chained(tamper.decode(blob)):
        pytest.skip("this Tapis exports no chain yet (format 1)")
    return blob


BREAKS_THE_CHAIN: dict[str, Callable[[bytes], bytes]] = {
    "flip_byte": tamper.flip_byte,
    "remove_event": tamper.remove_event,
    "reorder_events": tamper.reorder_events,
    "forge_scores": tamper.forge_scores,
    "insert_illegal_move": tamper.insert_illegal_move,
}


@pytest.mark.parametrize("change", BREAKS_THE_CHAIN)
@pytest.mark.parametrize("game", PLAYS)
def test_a_change_left_unchained_fails_the_chain(
    exports: dict[str, bytes], game: str, change: str, tmp_path: Path
) -> None:
    forged = BREAKS_THE_CHAIN[change](chained_export(exports, game))
    assert forged != exports[game]
    assert_fails(verify(tmp_path, forged), "chain")


REWRITES_HISTORY: dict[str, Callable[..., bytes]] = {
    "remove_event": tamper.remove_event,
    "reorder_events": tamper.reorder_events,
    "forge_scores": tamper.forge_scores,
    "insert_illegal_move": tamper.insert_illegal_move,
}


@pytest.mark.parametrize("change", REWRITES_HISTORY)
@pytest.mark.parametrize("game", PLAYS)
def test_a_rechained_rewrite_fails_only_against_a_kept_head(
    exports: dict[str, bytes], game: str, change: str, tmp_path: Path
) -> None:
    """Rechained, the file is consistent again: this verifier, which does not know the rules, passes it (the moves'
    legality and the scores are `tapis verify`'s, which re-executes the game); a head kept from the real game
    shows the history was rewritten."""
    blob = chained_export(exports, game)
    forged = REWRITES_HISTORY[change](blob, rechained=True)
    assert_ok(verify(tmp_path, forged))
    run = verify(tmp_path, forged, "--head", tamper.last_chain(blob))
    assert_fails(run, "head")
    assert "not a prefix of this file" in run.err


@pytest.mark.parametrize("game", PLAYS)
def test_a_kept_head_of_an_earlier_moment_is_found(exports: dict[str, bytes], game: str, tmp_path: Path) -> None:
    blob = chained_export(exports, game)
    events = tamper.decode(blob)["events"]
    middle = events[len(events) // 2]
    run = verify(tmp_path, blob, "--head", middle["chain"].upper())
    assert run.code == 0, run.out + run.err
    assert f"is the chain of event {middle['version']} ({middle['type']})" in run.out


@pytest.mark.parametrize("game", PLAYS)
def test_a_changed_chain_head_fails_the_chain(exports: dict[str, bytes], game: str, tmp_path: Path) -> None:
    document = tamper.decode(chained_export(exports, game))
    document["chain_head"] = document["events"][-2]["chain"]
    assert_fails(verify(tmp_path, tamper.encode(document)), "chain")
    document["events"][-1]["chain"] = None  # events with a chain and one without
    assert_fails(verify(tmp_path, tamper.encode(document)), "chain")


def reveal(document: dict[str, Any], seed: str) -> None:
    document["seed"] = seed
    next(e for e in document["events"] if e["type"] == "GameEnded")["data"]["seed"] = seed


@pytest.mark.parametrize("game", PLAYS)
def test_another_seed_fails_the_commitment(exports: dict[str, bytes], game: str, tmp_path: Path) -> None:
    forged = tamper.rechain(edited(exports[game], lambda d: reveal(d, "ab" * 32)))
    assert_fails(verify(tmp_path, forged), "commitment")
    half_forged = edited(exports[game], lambda d: d.update(seed="ab" * 32))  # GameEnded still says the real one
    assert_fails(verify(tmp_path, half_forged), "format")


def test_a_game_claimed_dealt_by_version_1_fails_the_commitment(exports: dict[str, bytes], tmp_path: Path) -> None:
    """Dealing 1 would let the key be the seed itself; the commitment of a dealing 2 game is not sha256(seed)."""
    document = tamper.decode(exports["six-nimmt"])
    if document["events"][0]["data"].get("dealing", 1) != 2:
        pytest.skip("this Tapis deals by version 1")
    document["events"][0]["data"]["dealing"] = 1
    assert_fails(verify(tmp_path, tamper.rechain(tamper.encode(document))), "format")  # the document says 2
    document["dealing"] = 1
    assert_fails(verify(tmp_path, tamper.rechain(tamper.encode(document))), "commitment")


# --- what is not a finished game's export ---------------------------------------------------------------------------


def test_a_running_game_fails_the_format_check(tmp_path: Path) -> None:
    async def running() -> bytes:
        services = in_memory()
        created = plain(await services.commands.create("six-nimmt", 3, None, None, None))
        for seat in range(3):
            await services.commands.join(created["game_id"], None, f"p{seat}", None, None)
        await services.commands.start(created["game_id"], created["admin_token"])
        return await services.exports.export(created["game_id"], None)

    run = verify(tmp_path, asyncio.run(running()))
    assert_fails(run, "format")
    assert "the game has not finished: its seed is not revealed" in run.err


def edited(blob: bytes, change: Callable[[dict[str, Any]], object]) -> bytes:
    document = tamper.decode(blob)
    change(document)
    return tamper.encode(document)


def first_shuffle(document: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = next(e for e in document["events"] if e["type"] == "DeckShuffled")["data"]
    return data


MALFORMED: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "not json": (lambda b: b"this is not an export\n", "not JSON"),
    "not utf-8": (lambda b: b"\xff\xfe" + b, "not UTF-8"),
    "empty": (lambda b: b"", "truncated"),
    "truncated": (lambda b: b[: len(b) // 2], "truncated"),
    "a list": (lambda b: b"[1, 2]\n", "not a tapis export"),
    "wrong format": (lambda b: edited(b, lambda d: d.update(format="other-export")), "not a tapis export"),
    "format_version 99": (lambda b: edited(b, lambda d: d.update(format_version=99)), "format_version 99"),
    "missing events": (lambda b: edited(b, lambda d: d.pop("events")), "'events' is missing"),
    "no events": (lambda b: edited(b, lambda d: d.update(events=[])), "no event"),
    "players a string": (lambda b: edited(b, lambda d: d.update(players="3")), "'players'"),
    "unknown game": (lambda b: edited(b, lambda d: d.update(game="chess")), "unknown game 'chess'"),
    "event without data": (lambda b: edited(b, lambda d: d["events"][3].pop("data")), "events[3]: the field 'data'"),
    "a field twice": (lambda b: b.replace(b'"game":', b'"game":"x","game":', 1), "names a field twice"),
    "source not cards": (
        lambda b: tamper.rechain(edited(b, lambda d: first_shuffle(d).update(source=[None]))),
        "not a list of cards",
    ),
}


@pytest.mark.parametrize("case", MALFORMED)
def test_a_malformed_file_exits_2_naming_its_problem(exports: dict[str, bytes], case: str, tmp_path: Path) -> None:
    change, named = MALFORMED[case]
    run = verify(tmp_path, change(exports["six-nimmt"]))
    assert run.code == 2, run.out + run.err
    assert named in run.err, run.err
    assert run.out == ""


def test_a_missing_file_and_a_bad_head_exit_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-I", str(VERIFIER), str(tmp_path / "nope.json")], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and "cannot read" in done.stderr
    done = subprocess.run(
        [sys.executable, "-I", str(VERIFIER), str(tmp_path / "nope.json"), "--head", "xyz"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "64 hex characters" in done.stderr
