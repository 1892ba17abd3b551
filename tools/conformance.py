"""`python -m tools.conformance [--out verifier/conformance]`: write the conformance corpus (docs/fair-play.md).

Honest finished exports of the five games (dealing 3, with a person who commits and reveals; one dealing-2 game; one
dealing-1 game of the golden corpus as a format 1 document), the same re-serialised by other JSON tools, and every
forgery of issue 28, each in a file of its own. `expected.json` maps each file to what every verifier must say:
`verdict` (ok, failed, malformed), `code` (the failed check or the malformed code, or "ok") and `code_without_rules`,
what a verifier that does not know the games' rules says (the standalone and web verifiers): `code`, except for a
forgery only re-executing the rules can see, where it is "ok". `README.md` there says what each file is.

The games are played on the in-process services (`bootstrap.in_memory`) with server-drawn seeds. So that the same
code writes the same bytes, the generator stands in for the CSPRNG (`secrets`) with a generator seeded by the file's
name and for the clock with one that ticks a fixed step: the games are still dealt by dealing 3's protocol, from a
seed the server drew and committed to. Rewrite the corpus when the export or the protocol changes, and commit it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import hashlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import msgspec

from bootstrap import in_memory, memory_adapters
from domain.kernel import table as tables
from domain.kernel.deal_key import entropy_commitment
from domain.kernel.events import CommandAccepted
from domain.kernel.table_commands import Play
from infra.settings import Settings
from services.codec import codec
from services.export_check import parse
from services.ports import SystemClock
from tests.plain import plain
from tests.verifier import tamper

OUT = Path(__file__).resolve().parents[1] / "verifier" / "conformance"
GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "le-baron-2p.cea619b.json"
EPOCH = datetime(2026, 12, 3, 12, 0, 0, 417, tzinfo=UTC)
# a game created on a whole second: msgspec writes the document's created_at without a fraction then (RFC 3339 allows
# it; it is not hashed), while every recorded_at keeps its six digits
WHOLE_SECOND = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)
TICK = timedelta(microseconds=1_234)
RULES_ONLY = ("re_execution", "bot_moves", "scores")  # what a verifier without the rules cannot run in full


# --- honest games ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    game: str
    players: int
    options: dict[str, Any]
    # seats 0, 1, ...: "commit" (commits, then reveals), "withhold" (commits, never reveals: the start deals without it
    # once the reveal window is over, and a bot takes the seat) or "open" (public entropy); then bots
    people: tuple[str, ...]
    bot: str = "random"
    dealing: int = 3
    created: datetime = EPOCH


PLANS = {
    "six-nimmt": Plan("six-nimmt", 2, {"end": {"kind": "rounds", "rounds": 1}}, ("commit",)),
    "le-baron": Plan("le-baron", 2, {"rounds": 1}, ("commit",)),
    "barbu": Plan("barbu", 3, {"max_rounds": 1}, ("open",)),
    "daron": Plan("daron", 2, {}, (), bot="smart", created=WHOLE_SECOND),
    "bohnanza": Plan("bohnanza", 3, {}, ("commit",), bot="smart"),
    "six-nimmt-withheld": Plan("six-nimmt", 3, {"end": {"kind": "rounds", "rounds": 1}}, ("commit", "withhold")),
    "six-nimmt-dealing-2": Plan("six-nimmt", 2, {"end": {"kind": "rounds", "rounds": 1}}, ("open",), dealing=2),
}


@contextlib.contextmanager
def reproducible(name: str, start: datetime) -> Iterator[Callable[[], datetime]]:
    """The CSPRNG and the clock, each a fixed sequence for this file: the same code writes the same bytes."""
    rng = random.Random(f"tapis-conformance:{name}")
    moments = (start + k * TICK for k in range(10**9))
    with (
        mock.patch("secrets.token_bytes", lambda n=32: rng.randbytes(n)),
        mock.patch("secrets.token_hex", lambda n=32: rng.randbytes(n).hex()),
    ):
        yield lambda: next(moments)


async def play(name: str, plan: Plan) -> bytes:
    """A finished game of `plan`, exported: its people join (committing or with public entropy), bots fill the other
    seats, the committed reveal, and each person plays a legal move drawn from a generator of its own."""
    with reproducible(name, plan.created) as clock, contextlib.ExitStack() as stack:
        if plan.dealing != 3:  # a game as the release before dealt and chained it
            stack.enter_context(mock.patch.object(tables, "create", functools.partial(tables.create, dealing=2)))
        # a seat that withholds: a reveal window of none, so that the start deals without it at once
        settings = Settings(test_mode=True, reveal_seconds=0 if "withhold" in plan.people else 120)
        services = in_memory(settings, memory_adapters(SystemClock(wall=clock)))
        created = plain(await services.commands.create(plan.game, plan.players, plan.options, None, None))
        game_id, admin = created["game_id"], created["admin_token"]
        tokens: dict[int, str] = {}
        reveals: dict[int, str] = {}
        for seat, kind in enumerate(plan.people):
            own = hashlib.sha256(f"{name}:seat {seat}".encode()).hexdigest()  # the person's 32 random bytes
            if kind in ("commit", "withhold"):
                committed = entropy_commitment(game_id, own)
                joined = await services.commands.join(game_id, None, f"p{seat}", seat, None, commitment=committed)
                if kind == "commit":
                    reveals[seat] = own
            else:
                joined = await services.commands.join(game_id, None, f"p{seat}", seat, None, entropy=own[:32])
            tokens[seat] = plain(joined)["player_token"]
        for _ in range(plan.players - len(plan.people)):
            await services.commands.join(game_id, admin, None, None, plan.bot)
        for seat, own in reveals.items():
            await services.commands.reveal(game_id, tokens[seat], own)
        await services.commands.start(game_id, admin)
        rng = random.Random(game_id)
        for _ in range(100_000):
            view = plain(await services.queries.view(game_id, None))
            if view["status"] != "active":
                return await services.exports.export(game_id, None)
            seat = next(s for s in view["awaiting"] if s in tokens)
            moves = plain(await services.queries.legal_moves(game_id, tokens[seat]))["moves"]
            await services.commands.command(game_id, tokens[seat], json.dumps(rng.choice(moves)).encode(), None, None)
    raise SystemExit(f"{name}: the game did not end")


def golden_as_format_1() -> bytes:
    """A game dealt by dealing 1 (the golden corpus'), as the format 1 export of the release that recorded it."""
    game = json.loads(GOLDEN.read_bytes())
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
    head = {"format": "tapis-export", "format_version": 1, "game_id": game["game_id"], "game": game["game"]}
    head |= {"players": game["players"], "options": events[0]["data"]["options"]}
    head |= {"created_at": "2026-01-01T00:00:00.000000Z", "finished": True, "seed": game["seed"]}
    return tamper.encode(head | {"events": events})


# --- forgeries: each a function of an honest export ------------------------------------------------------------------

Document = dict[str, Any]


def edit(blob: bytes, change: Callable[[Document], object], rechained: bool = False) -> bytes:
    document = tamper.decode(blob)
    change(document)
    if rechained:
        tamper.rechain_document(document)
    return tamper.encode(document)


def first(document: Document, type_: str) -> Document:
    event: Document = next(e for e in document["events"] if e["type"] == type_)
    return event


def downgrade_to(dealing: int) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        document["dealing"] = document["events"][0]["data"]["dealing"] = dealing
        if dealing < 2:  # no links in dealing 1
            document["chain_head"] = None
            for e in document["events"]:
                e["chain"] = None

    return change


def unlinked(document: Document) -> None:
    document["chain_head"] = None
    for e in document["events"]:
        e["chain"] = None


def duplicate_scores(blob: bytes) -> bytes:
    """GameEnded names `scores` twice: a reader that keeps the first sees forged ones, one that keeps the last the
    real ones (Python's json and most libraries keep the last)."""
    real = json.dumps(first(tamper.decode(blob), "GameEnded")["data"]["scores"], separators=(",", ":")).encode()
    forged = json.dumps([0] * len(json.loads(real)), separators=(",", ":")).encode()
    at = blob.index(b'"data":{"type":"GameEnded"') + len(b'"data":{')
    return blob[:at] + b'"scores":' + forged + b"," + blob[at:]


def reveal_elsewhere(document: Document) -> None:
    """Seat 0's reveal replaced by another entropy, everywhere it is recorded (its command, the start's list)."""
    other = hashlib.sha256(b"mallory").hexdigest()
    revealed = first(document, "EntropyRevealed")["data"]
    for e in document["events"]:
        command = e["data"].get("command") if e["type"] == "CommandAccepted" else None
        if command is not None and command.get("action") == "reveal" and command["seat"] == revealed["seat"]:
            command["entropy"] = other
    started = first(document, "GameStarted")["data"]
    started["entropy"][revealed["seat"]] = other
    revealed["entropy"] = other


def change_bot_move(blob: bytes) -> bytes:
    """The last bot move that had another legal choice, recorded as that other choice; the game then played on from
    there by the rules (the bots as they play, the people their first legal move), so that every recorded event
    follows from the recorded commands: only making the bot's move again shows it is not the bot's."""
    _, recorded, seed = parse(blob)
    document = tamper.decode(blob)
    game_codec = codec(document["game"])
    rules, events = game_codec.rules, game_codec.events(recorded)
    for at in reversed(range(len(events))):
        accepted = events[at]
        if not (isinstance(accepted, CommandAccepted) and accepted.by == "bot" and isinstance(accepted.command, Play)):
            continue
        table = tables.fold(rules, events[:at])
        made = msgspec.to_builtins(accepted.command.command)
        others = [m for m in rules.legal_moves(table.inner, accepted.command.seat) if msgspec.to_builtins(m) != made]
        if others:
            break
    else:
        raise SystemExit("no bot move had another legal choice")
    bot_metadata = document["events"][at]["metadata"]
    people = next(e["metadata"] for e in document["events"] if e["data"].get("by") == "player")
    played: list[tuple[Any, Document]] = []
    step = tables.accept(rules, table, Play(seat=accepted.command.seat, command=others[0]), "bot", seed)
    while True:
        played += [(e, bot_metadata) for e in step] if step[0].by == "bot" else [(e, people) for e in step]
        table = tables.evolve_all(rules, table, step)
        if table.status != "active":
            break
        bot = tables.next_bot_move(rules, table, seed)
        if bot is not None:
            bot_metadata = {"actor": bot.seat, "attempt": 0, "bot": bot.level}
            step = tables.accept(rules, table, Play(seat=bot.seat, command=bot.command), "bot", seed)
        else:
            seat = rules.awaiting(table.inner)[0]
            move = rules.legal_moves(table.inner, seat)[0]
            step = tables.accept(rules, table, Play(seat=seat, command=move), "player", seed)
    kept, last = document["events"][:at], document["events"][at - 1]["recorded_at"]
    stamp = datetime.fromisoformat(last) + TICK
    for version, (event, metadata) in enumerate(played, start=at + 1):
        stored = game_codec.new_event(event)
        data = json.loads(stored.data)
        moment = stamp.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        kept.append({"version": version, "type": stored.type, "schema_version": stored.schema_version, "data": data})
        kept[-1] |= {"recorded_at": moment, "metadata": metadata, "chain": None}
        stamp += TICK
    document["events"] = kept
    document["seed"] = first(document, "GameEnded")["data"]["seed"]
    tamper.rechain_document(document)
    return tamper.encode(document)


def deep(blob: bytes) -> bytes:
    """A thousand arrays nested in an event's metadata (the bound is 64)."""
    at = blob.index(b'"metadata":{') + len(b'"metadata":{')
    return blob[:at] + b'"deep":' + b"[" * 1000 + b"]" * 1000 + b"," + blob[at:]


@dataclass(frozen=True)
class Forgery:
    about: str
    base: str  # the honest file it forges
    make: Callable[[bytes], bytes]
    verdict: str
    code: str


def replace(old: bytes, new: bytes) -> Callable[[bytes], bytes]:
    def make(blob: bytes) -> bytes:
        assert old in blob, old
        return blob.replace(old, new, 1)

    return make


def game_id_g1(document: Document) -> None:
    document["game_id"] = document["events"][0]["data"]["game_id"] = "g1"


def metadata_rewritten(document: Document) -> None:
    move = next(e for e in document["events"] if e["data"].get("by") == "player")
    move["metadata"]["actor"] = "admin"


def time_rewritten(document: Document) -> None:
    first(document, "GameEnded")["recorded_at"] = "2026-12-03T11:59:59.000000Z"


FORGERIES: dict[str, Forgery] = {
    "downgrade-3-to-2": Forgery(
        "dealing 3 claimed dealt by dealing 2 (unkeyed chain, no reveals), the chain recomputed as dealing 2's",
        "six-nimmt",
        lambda b: edit(b, downgrade_to(2), rechained=True),
        "failed",
        "protocol",
    ),
    "downgrade-2-to-1": Forgery(
        "a dealing-2 game claimed dealt by dealing 1 (the seed as key, no chain), every link removed",
        "six-nimmt-dealing-2",
        lambda b: edit(b, downgrade_to(1)),
        "failed",
        "protocol",
    ),
    "downgrade-2-to-0": Forgery(
        "a dealing-2 game claimed dealt by a dealing 0 that never existed, the chain recomputed",
        "six-nimmt-dealing-2",
        lambda b: edit(b, downgrade_to(0), rechained=True),
        "malformed",
        "unknown_version",
    ),
    "moved-dealt-cards": Forgery(
        "the first deal's hands swapped between seats 0 and 1, the chain recomputed",
        "six-nimmt",
        tamper.swap_hands,
        "failed",
        "re_execution",
    ),
    "card-never-held": Forgery(
        "seat 0 plays a card seat 1 holds (its command and its event inserted), the chain recomputed",
        "six-nimmt",
        lambda b: tamper.insert_illegal_move(b, rechained=True),
        "failed",
        "re_execution",
    ),
    "forged-scores": Forgery(
        "GameEnded's scores and winners changed, the chain recomputed",
        "six-nimmt",
        lambda b: tamper.forge_scores(b, rechained=True),
        "failed",
        "re_execution",
    ),
    "metadata-rewritten": Forgery(
        "a person's command said to be the admin's in its metadata (which dealing 3's links cover)",
        "six-nimmt",
        lambda b: edit(b, metadata_rewritten),
        "failed",
        "chain",
    ),
    "time-rewritten": Forgery(
        "GameEnded's recorded time moved (which dealing 3's links cover)",
        "six-nimmt",
        lambda b: edit(b, time_rewritten),
        "failed",
        "chain",
    ),
    "links-removed": Forgery(
        "every chain link and the head removed", "six-nimmt", lambda b: edit(b, unlinked), "failed", "protocol"
    ),
    "link-nulled": Forgery(
        "one event's link set to null",
        "six-nimmt",
        lambda b: edit(b, lambda d: d["events"][5].update(chain=None)),
        "failed",
        "protocol",
    ),
    "duplicate-key": Forgery(
        "GameEnded names `scores` twice, forged ones first", "six-nimmt", duplicate_scores, "malformed", "duplicate_key"
    ),
    "unknown-event-field": Forgery(
        "GameStarted holds a field its type never writes, the chain recomputed",
        "six-nimmt",
        lambda b: edit(b, lambda d: first(d, "GameStarted")["data"].update(fair=True), rechained=True),
        "malformed",
        "bad_event",
    ),
    "missing-document-field": Forgery(
        "the document without its fairness (a field of format 3)",
        "six-nimmt",
        lambda b: edit(b, lambda d: d.pop("fairness")),
        "malformed",
        "bad_shape",
    ),
    "missing-event-field": Forgery(
        "one event without its chain field (not null: absent)",
        "six-nimmt",
        lambda b: edit(b, lambda d: d["events"][3].pop("chain")),
        "malformed",
        "bad_shape",
    ),
    "document-seed-source": Forgery(
        "the document says seed_source client, GameCreated server",
        "six-nimmt",
        lambda b: edit(b, lambda d: d.update(seed_source="client")),
        "malformed",
        "document_mismatch",
    ),
    "document-players": Forgery(
        "the document says 3 players, GameCreated 2",
        "six-nimmt",
        lambda b: edit(b, lambda d: d.update(players=3)),
        "malformed",
        "document_mismatch",
    ),
    "document-options": Forgery(
        "the document's options differ from GameCreated's",
        "six-nimmt",
        lambda b: edit(b, lambda d: d["options"].update(variant="pro")),
        "malformed",
        "document_mismatch",
    ),
    "game-id-not-the-servers": Forgery(
        "the game id g1 (the server draws 16 lowercase hex digits), in the document and GameCreated, rechained",
        "six-nimmt",
        lambda b: edit(b, game_id_g1, rechained=True),
        "malformed",
        "bad_value",
    ),
    "upper-case-link": Forgery(
        "one link in upper-case hex",
        "six-nimmt",
        lambda b: edit(b, lambda d: d["events"][4].update(chain=d["events"][4]["chain"].upper())),
        "malformed",
        "bad_value",
    ),
    "schema-version-2-64": Forgery(
        "an event's schema_version 2^64 + 1",
        "six-nimmt",
        replace(b'"schema_version":1', b'"schema_version":18446744073709551617'),
        "malformed",
        "bad_number",
    ),
    "card-17-0": Forgery(
        "the first card 17 written 17.0",
        "six-nimmt",
        replace(b",17,", b",17.0,"),
        "malformed",
        "bad_number",
    ),
    "format-version-2-0": Forgery(
        "format_version written 2.0",
        "six-nimmt",
        replace(b'"format_version":3', b'"format_version":2.0'),
        "malformed",
        "bad_number",
    ),
    "seed-with-a-space": Forgery(
        "the seed with a space in it",
        "six-nimmt",
        lambda b: edit(b, lambda d: d.update(seed=d["seed"][:31] + " " + d["seed"][32:])),
        "malformed",
        "bad_value",
    ),
    "deep-nesting": Forgery("a thousand nested arrays", "six-nimmt", deep, "malformed", "too_deep"),
    "huge-seed": Forgery(
        "a seed of 100,000 hex digits",
        "six-nimmt",
        lambda b: edit(b, lambda d: d.update(seed="ab" * 50_000)),
        "malformed",
        "bad_value",
    ),
    "bot-move-changed": Forgery(
        "a bot's recorded move replaced by another legal one, the game replayed from there, the chain recomputed",
        "six-nimmt",
        change_bot_move,
        "failed",
        "bot_moves",
    ),
    "reveal-mismatch": Forgery(
        "seat 0's reveal replaced by an entropy that does not open its commitment, the chain recomputed",
        "six-nimmt",
        lambda b: edit(b, reveal_elsewhere, rechained=True),
        "failed",
        "reveals",
    ),
}
RESERIALISED: dict[str, tuple[str, Callable[[Document], str]]] = {
    "indented": ("json.dump with indent=2", lambda d: json.dumps(d, indent=2, ensure_ascii=False) + "\n"),
    "sorted-keys": ("every object's keys sorted (sort_keys=True)", lambda d: json.dumps(d, sort_keys=True)),
    "compacted": ("compacted, non-ASCII escaped", lambda d: json.dumps(d, separators=(",", ":"))),
}


# --- writing ---------------------------------------------------------------------------------------------------------


def without_rules(forgery: Forgery) -> str:
    """What a verifier that does not know the rules says: it sees moved dealt cards (the deals are public), not an
    illegal move, forged scores or a bot's changed move."""
    if forgery.code in RULES_ONLY and forgery.make is not tamper.swap_hands:
        return "ok"
    return forgery.code


async def honest_games() -> dict[str, bytes]:
    return {name: await play(name, plan) for name, plan in PLANS.items()}


def write(out: Path) -> dict[str, dict[str, str]]:
    honest = asyncio.run(honest_games())
    honest["le-baron-dealing-1"] = golden_as_format_1()
    files: dict[str, bytes] = {}
    expected: dict[str, dict[str, str]] = {}
    about: dict[str, str] = {}
    for name, blob in honest.items():
        files[f"{name}.json"] = blob
        expected[f"{name}.json"] = {"verdict": "ok", "code": "ok", "code_without_rules": "ok"}
        plan = PLANS.get(name)
        about[f"{name}.json"] = (
            f"honest: {describe(plan)}"
            if plan
            else "honest: le-baron, 2 players, dealing 1 (tests/corpus), a format 1 document"
        )
    for suffix, (what, dump) in RESERIALISED.items():
        name = f"six-nimmt.{suffix}.json"
        files[name] = dump(tamper.decode(honest["six-nimmt"])).encode()
        expected[name] = {"verdict": "ok", "code": "ok", "code_without_rules": "ok"}
        about[name] = f"honest, re-serialised: {what}"
    for name, forgery in FORGERIES.items():
        files[f"{name}.json"] = forgery.make(honest[forgery.base])
        expected[f"{name}.json"] = {"verdict": forgery.verdict, "code": forgery.code}
        expected[f"{name}.json"]["code_without_rules"] = without_rules(forgery)
        about[f"{name}.json"] = f"forged from {forgery.base}.json: {forgery.about}"
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob("*.json"):
        stale.unlink()
    for name, blob in files.items():
        (out / name).write_bytes(blob)
    (out / "expected.json").write_text(json.dumps(expected, indent=2) + "\n")
    (out / "README.md").write_text(readme(expected, about))
    return expected


def describe(plan: Plan) -> str:
    people = ", ".join(f"seat {s} a person ({k})" for s, k in enumerate(plan.people))
    seats = f"{people}, the others {plan.bot} bots" if people else f"every seat a {plan.bot} bot"
    when = ", created on a whole second (created_at without a fraction)" if plan.created == WHOLE_SECOND else ""
    return f"{plan.game}, {plan.players} players, dealing {plan.dealing}, {seats}{when}"


def readme(expected: dict[str, dict[str, str]], about: dict[str, str]) -> str:
    lines = [
        "# The conformance corpus",
        "",
        "Written by `python -m tools.conformance` (never by hand). Every verifier gives each file the verdict and",
        'code of `expected.json` (docs/fair-play.md, "The export a verifier reads"): `tapis verify --json`, `/audit`',
        "after `tapis import`, the standalone verifier and the web verifier, which do not know the games' rules and",
        "give `code_without_rules` (`tests/verifier/test_conformance.py`).",
        "",
        "| file | verdict | code | without the rules | what |",
        "|---|---|---|---|---|",
    ]
    for name, want in expected.items():
        lines.append(
            f"| `{name}` | {want['verdict']} | `{want['code']}` | `{want['code_without_rules']}` | {about[name]} |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the conformance corpus of every verifier.")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    expected = write(args.out)
    size = sum(p.stat().st_size for p in args.out.iterdir())
    print(f"{len(expected)} files and expected.json in {args.out}, {size:,} bytes")


if __name__ == "__main__":
    main()
