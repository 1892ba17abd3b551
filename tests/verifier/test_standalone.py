"""The standalone verifier (verifier/tapis_verify.py) against the vectors of docs/fair-dealing.md and
docs/fair-play.md, real finished games that Tapis exported, the tampers of tamper.py, and malformed or hostile files,
each named by its stable code (`--json`).

The verifier runs as an auditor runs it: a separate `python -I` (no site, no PYTHONPATH, no cwd on the path) from
a directory outside the repository, so that it could not import Tapis even if it tried.
"""

from __future__ import annotations

import ast
import asyncio
import hashlib
import json
import random
import subprocess
import sys
import time
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
    def verdict(self) -> dict[str, Any]:
        """What `--json` printed: {"verdict", "code", "fairness", "checks"}."""
        verdict: dict[str, Any] = json.loads(self.out)
        return verdict

    def status(self, check: str) -> str:
        return str(next(c["status"] for c in self.verdict["checks"] if c["name"] == check))

    def detail(self, check: str) -> str:
        return str(next(c["detail"] for c in self.verdict["checks"] if c["name"] == check))


def verify(tmp_path: Path, blob: bytes, *args: str, as_json: bool = True) -> Run:
    path = tmp_path / "export.json"
    path.write_bytes(blob)
    done = subprocess.run(
        [sys.executable, "-I", str(VERIFIER), str(path), *args, *(["--json"] if as_json else [])],
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
    assert (run.verdict["verdict"], run.verdict["code"]) == ("ok", "ok")
    statuses = {c["name"]: c["status"] for c in run.verdict["checks"]}
    assert tuple(statuses)[:9] == verifier.CHECKS
    assert set(statuses.values()) <= {"ok", "n/a", "partial", "not_run"}
    assert statuses["protocol"] == statuses["commitment"] == statuses["shuffles"] == "ok"
    # the rules' checks: this verifier says it did not run them, and how far it re-executed
    assert (statuses["re_execution"], statuses["scores"]) == ("partial", "not_run")


def assert_fails(run: Run, check: str) -> None:
    assert (run.code, run.verdict["verdict"], run.verdict["code"]) == (1, "failed", check), run.out + run.err
    assert run.verdict["checks"][-1]["name"] == check and run.verdict["checks"][-1]["status"] == "failed"
    assert run.err.startswith(f"FAILED {check}: ")


def assert_malformed(run: Run, code: str) -> None:
    assert (run.code, run.verdict) == (2, {"verdict": "malformed", "code": code, "fairness": None, "checks": []}), (
        run.out + run.err
    )
    assert run.err.startswith(f"malformed ({code}): ")


# --- real games, exported by Tapis ----------------------------------------------------------------------------------


async def play(game: str, players: int, options: dict[str, Any], humans: bool, seed: str | None = None) -> bytes:
    """A finished game of bots; with `humans`, seat 0 is a person with public entropy, and seat 1 was first taken by
    another person, who left before the start."""
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
    """The golden corpus' games (recorded by earlier releases) as the export of each: a game recorded before the
    chain as a format 1 document, a chained one (dealing 3) as format 3 with its links and times."""
    made = {}
    for path in sorted(CORPUS_DIR.glob("*.json")):
        game = json.loads(path.read_bytes())
        chained = game["events"][0].get("chain") is not None
        events = [
            {
                "version": e["version"],
                "type": e["type"],
                "schema_version": e["schema_version"],
                "data": json.loads(e["data"]),
                "recorded_at": e.get("recorded_at") or "2026-01-01T00:00:00.000000Z",
                "metadata": e["metadata"],
            }
            | ({"chain": e["chain"]} if chained else {})
            for e in game["events"]
        ]
        created = events[0]["data"]
        document = {
            "format": "tapis-export",
            "format_version": 3 if chained else 1,
            "game_id": game["game_id"],
            "game": game["game"],
            "players": game["players"],
            "options": created["options"],
            "created_at": events[0]["recorded_at"],
            "finished": True,
            "seed": game["seed"],
        }
        if chained:  # the fairness a recording lacks: the level its events give (a verifier computes its own)
            document |= {"dealing": created["dealing"], "seed_source": created.get("seed_source", "server")}
            document |= {"chain_head": events[-1]["chain"], "fairness": "pending"}
            level = verifier.parse(tamper.encode(document | {"events": events})).fairness
            document["fairness"] = level
        made[path.stem] = tamper.encode(document | {"events": events})
    return made


CORPUS = corpus_exports()


# --- the algorithm: the test vectors of docs/fair-dealing.md and docs/fair-play.md ----------------------------------


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
    key = verifier.deal_key(2, game_id, SEED_0_31, [ENTROPY, "", "bob"])
    assert key.hex() == "671422168da92723c618561dedde50e00a7306b817b0dce4557f203c011550ec"
    assert verifier.shuffle(key, "shuffle:0", range(1, 35)) == [
        31, 6, 12, 19, 13, 9, 7, 11, 1, 15, 26, 34, 20, 32, 28, 17, 30, 24,
        21, 33, 4, 5, 10, 29, 8, 25, 23, 22, 14, 16, 3, 27, 18, 2,
    ]  # fmt: skip
    empty = verifier.deal_key(2, game_id, SEED_0_31, ["", "", ""])
    assert empty.hex() == "46ee4506530061e1674d2e4793ed4783f15ee2db5c3dc63130d9018920b47a1c"


def test_the_version_3_vectors_of_fair_play_md() -> None:
    game_id = "0123456789abcdef"
    assert (
        verifier.commitment(3, game_id, SEED_0_31) == "ba491275af00043522651fca89dd6b54af3be5aa8b7b5fb9dadd05fcf932c93c"
    )
    e_0, e_2 = hashlib.sha256(b"alice").hexdigest(), hashlib.sha256(b"bob").hexdigest()
    assert e_0 == "2bd806c97f0e00af1a1fc3328fa763a9269723c8db8fac4f93af71db186d6e90"
    assert e_2 == "81b637d8fcd2c6da6359e6963113a1170de795e4b725b84d1e0b4cfd9ec58ce9"
    opens_0 = "e5607d5d81ee4340a0b15fc19f5a31c1ec5f88fd8014d901196b76e7500a702f"
    assert verifier.entropy_commitment(game_id, e_0) == opens_0
    opens_2 = "4d03f865381d2fbc2494803166d801d6c512e6cf3b6776f1c110aca3d2bda708"
    assert verifier.entropy_commitment(game_id, e_2) == opens_2
    key = verifier.deal_key(3, game_id, SEED_0_31, [e_0, "", e_2])
    assert key.hex() == "703950f15ebd8c4e9d518e43dfd5e215eefe6fc5836a0c413c8ccefd032af47f"
    assert verifier.shuffle(key, "shuffle:0", range(1, 35)) == [
        7, 32, 17, 19, 10, 18, 13, 12, 30, 34, 25, 1, 23, 33, 26, 27, 11,
        5, 8, 20, 4, 29, 21, 3, 31, 9, 6, 28, 16, 15, 14, 2, 24, 22,
    ]  # fmt: skip
    chain_key = verifier.chain_key(game_id, SEED_0_31)
    assert chain_key.hex() == "9a75ddd092f277141c32d4781f6dda1dad677e7f0b4a50e3ec97ecfacddb20a3"
    prev_0 = verifier.chain_genesis(chain_key, game_id)
    assert prev_0.hex() == "fb900fe230e965c111ec7d41a9fb53d902e98da55abab73e712db8c956686603"
    data = {"type": "GameCreated", "game": "six-nimmt", "game_id": game_id, "players": 3, "options": {}}
    event = {"version": 1, "type": "GameCreated", "schema_version": 1, "data": data | {"seed_commitment": "x"}}
    event |= {"metadata": {"actor": "admin"}, "recorded_at": "2026-12-03T13:00:00.123456Z"}
    assert verifier.jcs(event) == (
        b'{"data":{"game":"six-nimmt","game_id":"0123456789abcdef","options":{},"players":3,"seed_commitment":"x",'
        b'"type":"GameCreated"},"metadata":{"actor":"admin"},"recorded_at":"2026-12-03T13:00:00.123456Z",'
        b'"schema_version":1,"type":"GameCreated","version":1}'
    )
    link_1 = verifier.keyed_link(chain_key, prev_0, event)
    assert link_1.hex() == "b0cd535c20cdd3f6b48a4ab8762fd1f937613a8cbfaf5b0c11c3de42c918cc88"


def test_the_canonical_json_is_rfc_8785s() -> None:
    """Keys by UTF-16 code units: U+1F600 (D83D DE00 in UTF-16) before U+E000, though after it by code point;
    strings escaped as ECMAScript's JSON.stringify does (controls as \\u00xx, lowercase; nothing else)."""
    assert verifier.jcs({"\ue000": 1, "\U0001f600": 2, "b": [True, None, -3], "a": '\x1f\u2028é"\\\n'}) == (
        '{"a":"\\u001f\u2028é\\"\\\\\\n","b":[true,null,-3],"\U0001f600":2,"\ue000":1}'.encode()
    )
    assert verifier.jcs({"z": {}, "": []}) == b'{"":[],"z":{}}'


def test_the_chain_links_as_the_brief_defines_them() -> None:
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
    # a game created today: dealing 3 through and through, every public check applying
    assert (run.status("reveals"), run.status("deal_key"), run.status("chain")) == ("ok", "ok", "ok")
    assert "keyed by the revealed seed" in run.detail("chain")
    assert run.status("bot_moves") == "not_run"
    assert run.verdict["fairness"] == ("open" if name == "six-nimmt" else "server")  # alice's public entropy


def test_the_text_report_says_what_was_not_run(exports: dict[str, bytes], tmp_path: Path) -> None:
    run = verify(tmp_path, exports["barbu"], as_json=False)
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert [line.split()[0] for line in lines[:9]] == list(verifier.CHECKS)
    assert lines[6].split()[1] == "partial" and lines[7].split()[1] == lines[8].split()[1] == "not_run"
    assert "fairness server. Not run here: bot_moves and scores" in run.out


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_the_corpus_games_verify(name: str, tmp_path: Path) -> None:
    """The golden corpus: games recorded by earlier releases, dealt by dealing 1 (format 1 documents, no chain) or
    by dealing 3 (people who commit and reveal)."""
    run = verify(tmp_path, CORPUS[name])
    assert_ok(run)
    dealing = tamper.decode(CORPUS[name])["events"][0]["data"].get("dealing", 1)
    applying = [run.status(check) for check in ("reveals", "deal_key", "chain", "bot_moves")]
    if dealing == 1:
        assert (applying, run.verdict["fairness"]) == (["n/a"] * 4, "server")
    else:
        assert (dealing, applying, run.verdict["fairness"]) == (3, ["ok", "ok", "ok", "not_run"], "committed")


def test_the_seat_entropies_enter_the_deal_key(exports: dict[str, bytes], tmp_path: Path) -> None:
    document = tamper.decode(exports["six-nimmt"])
    started = next(e for e in document["events"] if e["type"] == "GameStarted")
    assert started["data"]["entropy"] == [ENTROPY, "", ""]  # seat 1's first holder left: the bot's "" counts
    started["data"]["entropy"] = ["", "", ""]
    assert_fails(verify(tmp_path, tamper.rechain(tamper.encode(document))), "deal_key")


def test_a_seed_the_creator_chose_verifies_and_is_said(tmp_path: Path) -> None:
    """A test-mode server (in_memory's) takes a client seed; the game records it, and the verifier says so."""
    blob = asyncio.run(play("daron", 2, {}, False, seed="00" * 32))
    assert tamper.decode(blob)["events"][0]["data"]["seed_source"] == "client"
    run = verify(tmp_path, blob)
    assert_ok(run)
    assert "seed_source client: the creator chose the seed" in run.detail("commitment")
    assert run.verdict["fairness"] == "client"
    forged = edited(blob, lambda d: d.update(seed_source="server"))  # the document hides it; GameCreated does not
    assert_malformed(verify(tmp_path, forged), "document_mismatch")


@pytest.mark.parametrize("game", PLAYS)
def test_swapped_hands_fail_the_deals_of_the_re_execution(exports: dict[str, bytes], game: str, tmp_path: Path) -> None:
    """The deals are the part of the re-execution that needs no rules: a moved dealt card is what `tapis verify`
    calls it, re_execution."""
    run = verify(tmp_path, tamper.swap_hands(exports[game]))
    assert_fails(run, "re_execution")
    hand = "pile" if game == "le-baron" else "hand"
    assert f"(CardsDealt) seat 0's {hand} is not what shuffle:0 deals" in run.err


@pytest.mark.parametrize("game", [*PLAYS, "le-baron-10p", "bohnanza-extended"])
def test_a_chosen_deal_fails_the_shuffles(exports: dict[str, bytes], game: str, tmp_path: Path) -> None:
    forged = tamper.chosen_deal(exports[game])
    run = verify(tmp_path, forged)
    assert_fails(run, "shuffles")
    assert "its order is not what shuffle:0 gives" in run.err


CORPUS_PICKS = {
    "six-nimmt": "six-nimmt-2p.",
    "le-baron": "le-baron-2p.",
    "barbu": "barbu-4p-short.",
    "daron": "daron-3p-",
}
CORPUS_PICKS["bohnanza"] = "bohnanza-3p."


@pytest.mark.parametrize("game", PLAYS)
def test_the_tampers_on_a_file_without_a_chain(game: str, tmp_path: Path) -> None:
    """Format 1 (the corpus' games): the deal is still proven; what the chain would catch is not seen here."""
    blob = next(b for name, b in CORPUS.items() if name.startswith(CORPUS_PICKS[game]))
    assert_fails(verify(tmp_path, tamper.swap_hands(blob)), "re_execution")
    assert_fails(verify(tmp_path, tamper.chosen_deal(blob)), "shuffles")
    assert_ok(verify(tmp_path, tamper.forge_scores(blob)))  # `tapis verify` re-executes the game: it sees this
    assert_fails(verify(tmp_path, blob, "--head", "ab" * 32), "head")


def chained_export(exports: dict[str, bytes], game: str) -> bytes:
    blob = exports[game]
    assert all(e["chain"] is not None for e in tamper.decode(blob)["events"]), "a game created today is chained"
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
    """Rechained with the key the revealed seed gives, the file is consistent again: this verifier, which does not
    know the rules, passes it (the moves' legality and the scores are `tapis verify`'s, which re-executes the
    game); a head kept from the real game shows the history was rewritten."""
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
    assert f"is the chain of event {middle['version']} ({middle['type']})" in run.detail("head")


@pytest.mark.parametrize("game", PLAYS)
def test_a_changed_head_or_a_missing_link_is_refused(exports: dict[str, bytes], game: str, tmp_path: Path) -> None:
    document = tamper.decode(chained_export(exports, game))
    document["chain_head"] = document["events"][-2]["chain"]
    assert_malformed(verify(tmp_path, tamper.encode(document)), "document_mismatch")
    document = tamper.decode(exports[game])
    document["events"][3]["chain"] = None  # events with a link and one without: not what dealing 3 writes
    assert_fails(verify(tmp_path, tamper.encode(document)), "protocol")


def reveal(document: dict[str, Any], seed: str) -> None:
    document["seed"] = seed
    next(e for e in document["events"] if e["type"] == "GameEnded")["data"]["seed"] = seed


@pytest.mark.parametrize("game", PLAYS)
def test_another_seed_fails_the_commitment(exports: dict[str, bytes], game: str, tmp_path: Path) -> None:
    forged = tamper.rechain(edited(exports[game], lambda d: reveal(d, "ab" * 32)))
    assert_fails(verify(tmp_path, forged), "commitment")
    half_forged = edited(exports[game], lambda d: d.update(seed="ab" * 32))  # GameEnded still says the real one
    assert_malformed(verify(tmp_path, half_forged), "document_mismatch")


@pytest.mark.parametrize("dealing", [1, 2])
def test_a_game_claimed_dealt_by_an_earlier_protocol_fails_the_protocol(
    exports: dict[str, bytes], dealing: int, tmp_path: Path
) -> None:
    """A downgrade would skip the checks the older protocol lacks (dealing 1: the seed is the key, no chain; dealing
    2: an unkeyed chain, no reveals, no bots' budget): the stream's shape gives it away, chain recomputed or not."""
    document = tamper.decode(exports["six-nimmt"])
    document["events"][0]["data"]["dealing"] = dealing
    assert_malformed(verify(tmp_path, tamper.rechain(tamper.encode(document))), "document_mismatch")
    document["dealing"] = dealing
    if dealing == 1:  # no links in dealing 1
        document.update(chain_head=None, events=[e | {"chain": None} for e in document["events"]])
    assert_fails(verify(tmp_path, tamper.rechain(tamper.encode(document))), "protocol")


# --- what is not a finished game's well-formed export ---------------------------------------------------------------


def test_a_running_game_is_not_finished(tmp_path: Path) -> None:
    async def running() -> bytes:
        services = in_memory()
        created = plain(await services.commands.create("six-nimmt", 3, None, None, None))
        for seat in range(3):
            await services.commands.join(created["game_id"], None, f"p{seat}", None, None)
        await services.commands.start(created["game_id"], created["admin_token"])
        return await services.exports.export(created["game_id"], None)

    run = verify(tmp_path, asyncio.run(running()))
    assert_malformed(run, "not_finished")
    assert "there is no seed to check yet" in run.err


def edited(blob: bytes, change: Callable[[dict[str, Any]], object]) -> bytes:
    document = tamper.decode(blob)
    change(document)
    return tamper.encode(document)


def first_shuffle(document: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = next(e for e in document["events"] if e["type"] == "DeckShuffled")["data"]
    return data


def first_event(type_: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def pick(document: dict[str, Any]) -> dict[str, Any]:
        event: dict[str, Any] = next(e for e in document["events"] if e["type"] == type_)
        return event

    return pick


def as_format_2(document: dict[str, Any]) -> None:
    document["format_version"] = 2
    del document["fairness"]


# each: the edit, the malformed code, and a word of the message
MALFORMED: dict[str, tuple[Callable[[bytes], bytes], str, str]] = {
    "not json": (lambda b: b"this is not an export\n", "not_json", "Expecting value"),
    "not utf-8": (lambda b: b"\xff\xfe" + b, "not_json", "not UTF-8"),
    "a byte order mark": (lambda b: b"\xef\xbb\xbf" + b, "not_json", "byte order mark"),
    "empty": (lambda b: b"", "not_json", "truncated"),
    "truncated": (lambda b: b[: len(b) // 2], "not_json", "truncated"),
    "a list": (lambda b: b"[1, 2]\n", "bad_shape", "not a tapis export"),
    "wrong format": (lambda b: edited(b, lambda d: d.update(format="other-export")), "bad_shape", "not a tapis"),
    "format_version 99": (lambda b: edited(b, lambda d: d.update(format_version=99)), "unknown_version", "99"),
    "format_version 2.0": (lambda b: b.replace(b'"format_version":3', b'"format_version":2.0'), "bad_number", "2.0"),
    "dealing 0": (lambda b: edited(b, lambda d: d.update(dealing=0)), "unknown_version", "dealing 0"),
    "schema_version 2": (
        lambda b: edited(b, lambda d: d["events"][2].update(schema_version=2)),
        "unknown_version",
        "schema_version 2",
    ),
    "missing events": (lambda b: edited(b, lambda d: d.pop("events")), "bad_shape", "'events' is missing"),
    "an unknown field": (lambda b: edited(b, lambda d: d.update(signed_by="ops")), "bad_shape", "'signed_by'"),
    "an unknown event field": (
        lambda b: edited(b, lambda d: d["events"][1].update(note="x")),
        "bad_shape",
        "events[1] holds an unknown field 'note'",
    ),
    "no events": (lambda b: edited(b, lambda d: d.update(events=[])), "numbering", "1..n"),
    "events renumbered": (lambda b: edited(b, lambda d: d["events"][4].update(version=9)), "numbering", "1..n"),
    "players a string": (lambda b: edited(b, lambda d: d.update(players="3")), "bad_shape", "'players'"),
    "unknown game": (lambda b: edited(b, lambda d: d.update(game="chess")), "unknown_game", "'chess'"),
    "eleven players": (lambda b: edited(b, lambda d: d.update(players=11)), "unknown_game", "not 11"),
    "event without data": (
        lambda b: edited(b, lambda d: d["events"][3].pop("data")),
        "bad_shape",
        "events[3]: the field 'data'",
    ),
    "a field twice": (lambda b: b.replace(b'"game":', b'"game":"x","game":', 1), "duplicate_key", "'game'"),
    "a game id not the server's": (lambda b: edited(b, lambda d: d.update(game_id="g1")), "bad_value", "'g1'"),
    "a time not as hashed": (
        lambda b: edited(b, lambda d: d["events"][0].update(recorded_at="2026-12-03T13:00:00Z")),
        "bad_value",
        "YYYY-MM-DDTHH:MM:SS.ffffffZ",
    ),
    "an upper-case link": (
        lambda b: edited(b, lambda d: d["events"][2].update(chain=d["events"][2]["chain"].upper())),
        "bad_value",
        "events[2]: its chain",
    ),
    "a type its data does not say": (
        lambda b: edited(b, lambda d: first_event("GameStarted")(d)["data"].update(type="GameEnded")),
        "bad_event",
        "its data says type 'GameEnded'",
    ),
    "a field a table event never has": (
        lambda b: edited(b, lambda d: first_event("GameStarted")(d)["data"].update(fair=True)),
        "bad_event",
        "'fair'",
    ),
    "a bot budget of a billion": (
        lambda b: tamper.rechain(edited(b, lambda d: d["events"][0]["data"].update(bot_budget=10**9))),
        "bad_value",
        "not 1000000000",
    ),
    "source not cards": (
        lambda b: tamper.rechain(edited(b, lambda d: first_shuffle(d).update(source=[None]))),
        "bad_event",
        "'source'",
    ),
    "dealing 3 in format 2": (
        lambda b: edited(b, as_format_2),
        "document_mismatch",
        "format 3",
    ),
}


@pytest.mark.parametrize("case", MALFORMED)
def test_a_malformed_file_exits_2_naming_its_code(exports: dict[str, bytes], case: str, tmp_path: Path) -> None:
    change, code, named = MALFORMED[case]
    blob = exports["barbu"]
    run = verify(tmp_path, change(blob))
    assert_malformed(run, code)
    assert named in run.err, run.err
    text = verify(tmp_path, change(blob), as_json=False)
    assert (text.code, text.out, text.err) == (2, "", run.err)


HOSTILE: dict[str, Callable[[bytes], bytes]] = {
    "too_large": lambda b: b + b" " * (70 * 2**20),  # 70 MiB
    "too_deep": lambda b: b[:-2] + b',"x":' + b"[" * 100_000 + b"]" * 100_000 + b"}\n",
    "bad_number": lambda b: b.replace(b'"schema_version":1', b'"schema_version":18446744073709551617', 1),
    "bad_value": lambda b: edited(b, lambda d: d.update(seed="ab" * 500_000)),  # a 1 MB seed
    "unknown_game": lambda b: edited(b, lambda d: d.update(players=3_000_000)),
}


@pytest.mark.parametrize("code", HOSTILE)
def test_a_hostile_file_is_refused_within_bounds(exports: dict[str, bytes], code: str, tmp_path: Path) -> None:
    """Huge, deeply nested, out of range: refused by its code in well under a second of work, no traceback."""
    blob = HOSTILE[code](exports["six-nimmt"])
    began = time.monotonic()
    run = verify(tmp_path, blob)
    assert_malformed(run, code)
    assert time.monotonic() - began < 10  # a few tenths on a quiet machine; the bound is for a loaded CI


def test_a_missing_file_and_a_bad_head_exit_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-I", str(VERIFIER), str(tmp_path / "nope.json"), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "cannot read" in done.stderr
    assert json.loads(done.stdout)["code"] == "unreadable"
    done = subprocess.run(
        [sys.executable, "-I", str(VERIFIER), str(tmp_path / "nope.json"), "--head", "xyz"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "64 hex characters" in done.stderr
