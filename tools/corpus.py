"""`python -m tools.corpus [--out tests/corpus] [--release R]`: record the golden corpus of finished games.

Plays every game of `PLAN` in memory (`bootstrap.in_memory`) with fixed seeds and fixed bot levels, and writes one
JSON file per game (`<name>.<release>.json`, the format is `CorpusGame` below and tests/corpus/README.md): the events
exactly as stored (format 2: with each event's chain link and recorded time, which dealing 3's links cover), and
what the code of this release made of them (final view per viewer, scores, winners, audit).
`tests/corpus/test_corpus.py` replays every file on every commit, so a change that breaks an old game fails CI.

Seeds are searched, not picked by hand: the n-th candidate seed of a game is sha256("tapis-corpus:<name>:<n>"),
and the first whose game shows every feature its plan entry needs (read from the recorded events by `features`)
is kept; a plan the bots cannot satisfy in `--tries` seeds stops the tool. Everything the output depends on is
fixed (seeds, bot levels and budget, game ids, the people's entropies, the clock that stamps every event), so the
same code writes the same bytes.

Record a release's games when it changes what is stored (new events, fields, schema versions), with the code of
that commit: earlier files are never rewritten, they are what the later code must still replay.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import re
import subprocess
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import msgspec

import bootstrap
from bootstrap import Services
from domain.games.registry import GAMES
from domain.kernel import table as tables
from domain.kernel.deal_key import entropy_commitment
from domain.kernel.viewer import SPECTATOR, Viewer, seat_viewer
from infra.settings import Settings
from services.canonical import stamp
from services.codec import codec
from services.ports import SystemClock

# 1: dealing-1 games (no links, times not kept); 2: each event's `chain` and `recorded_at` too (tests/corpus/README.md)
FORMAT = 2
DEFAULT_OUT = Path("tests/corpus")
# Named in the issue that asked for the corpus (History, part 2); a later contract does not make old games thin.
BARBU_CONTRACTS = ("king_of_hearts", "queens", "hearts", "tricks", "last_trick", "salad", "reussite")
# The code paths that decide what is stored: a release name must stand for committed code.
CODE_PATHS = ("domain", "services", "infra", "bootstrap.py")


# --- the format: one file per game ---


class CorpusEvent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    type: str
    schema_version: int  # the stored event's, 1 for events stored before events had one
    metadata: dict[str, Any]
    data: str  # the stored JSON text, unchanged: its UTF-8 bytes are the stored bytes
    # format 2: the event's link in the game's chain (None: a game recorded before the chain), and the time the
    # write stamped, as every dealing-3 link and export writes it (`services.canonical.stamp`). Format 1 kept
    # neither: its games (dealing 1) have no chain, and nothing they replay to depends on the time.
    chain: str | None = None
    recorded_at: str | None = None


class CorpusSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    bot: str | None  # the bot level; None for a person (the tool played the seat's commands)


class CorpusCheck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    ok: bool
    detail: str  # for the reader: its wording may change between releases, the name and the outcome may not
    # format 2: whether the check applies to the game's protocol (what it proves); None in format 1, which
    # recorded no such thing
    applies: bool | None = None


class Expected(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    scores: list[int]
    winners: list[int]
    audit_ok: bool
    checks: list[CorpusCheck]
    views: dict[str, Any]  # "spectator", "seat:0", "seat:1", ...: the final GameView as the API's JSON


class CorpusGame(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int
    release: str  # the git commit whose code played and recorded the game
    name: str
    game: str
    game_id: str
    players: int
    options: dict[str, Any]  # as given to `create`; GameCreated holds them with their defaults
    seed: str  # hex: the game is finished, so its seed is public
    seats: list[CorpusSeat]
    features: list[str]  # what `features` found when the game was recorded; the test finds them again
    events: list[CorpusEvent]
    expected: Expected


def viewer_key(viewer: Viewer) -> str:
    return "spectator" if viewer.seat is None else f"seat:{viewer.seat}"


# --- features: what a recorded game shows, read from its events' JSON (not from today's domain classes) ---


def features(game: str, players: int, events: list[tuple[str, dict[str, Any]]]) -> set[str]:
    created = next(data for kind, data in events if kind == "GameCreated")
    options: dict[str, Any] = created["options"]
    # GameCreated had no `dealing` before dealing 2: such a game is dealt by version 1
    seen: set[str] = {f"dealing:{created.get('dealing', 1)}"}
    for kind, data in events:
        match kind:
            case "GameEnded":
                seen.add("finished")
            case "PlayerJoined" if data.get("bot") is None:
                seen.add("person")
            case "PlayerJoined" | "BotTookOver":
                seen.add(f"bot:{data['bot']}")
                if kind == "BotTookOver":
                    seen.add("bot_took_over")
            case "SeatForfeited":
                seen.add("forfeit")
            case "EntropyCommitted":
                seen.add("committed")
            case "EntropyRevealed":
                seen.add("revealed")
            case "CommandAccepted" if data["by"] == "player" and data["command"]["action"] == "play":
                seen.add("person_moved")  # a person's move, sent through the services and recorded (dealing 2 on)
    match game:
        case "six-nimmt":
            seen |= _six_nimmt(players, options, events)
        case "le-baron":
            seen |= _le_baron(options, events)
        case "barbu":
            seen |= _barbu(events)
        case "daron":
            seen |= _daron(events)
        case "bohnanza":
            seen |= _bohnanza(options, events)
    return seen


def _six_nimmt(players: int, options: dict[str, Any], events: list[tuple[str, dict[str, Any]]]) -> set[str]:
    seen = {f"end:{options['end']['kind']}"}
    kinds = {kind for kind, _ in events}
    if options["variant"] == "pro" and "CardDrafted" in kinds:
        seen.add("pro")
    # the full deck shows as a dealt card above the reduced deck's 10n+4 (the pro draft ignores `deck`)
    reduced_top = 10 * players + 4
    dealt = [card for kind, data in events if kind == "CardsDealt" for hand in data["hands"] for card in hand]
    if options["deck"] == "full" and options["variant"] != "pro" and any(card > reduced_top for card in dealt):
        seen.add("full_deck")
    seen |= {f"take:{data['reason']}" for kind, data in events if kind == "RowTaken"}
    if "RowChoiceRequested" in kinds:
        seen.add("row_choice")
    if sum(1 for kind, _ in events if kind == "RoundEnded") > 1:
        seen.add("several_rounds")
    return seen


def _le_baron(options: dict[str, Any], events: list[tuple[str, dict[str, Any]]]) -> set[str]:
    variants = set(options["variants"])
    reasons = {data["reason"] for kind, data in events if kind == "RowTaken"}
    kinds = {kind for kind, _ in events}
    seen = {f"take:{reason}" for reason in reasons}
    if "colour_first" in variants and "colour_overflow" in reasons and "sixth_card" not in reasons:
        seen.add("colour_first")
    if "positive" in variants and "CardSlipped" in kinds:
        seen.add("positive")
    if "RowChoiceRequested" in kinds:
        seen.add("row_choice")
    if sum(1 for kind, _ in events if kind == "RoundEnded") > 1:
        seen.add("several_rounds")
    return seen


def _barbu(events: list[tuple[str, dict[str, Any]]]) -> set[str]:
    seen = {f"contract:{data['contract']}" for kind, data in events if kind == "ContractChosen"}
    seen |= {f"end:{data['reason']}" for kind, data in events if kind == "RoundScored"}
    if {f"contract:{c}" for c in BARBU_CONTRACTS} <= seen:
        seen.add("every_contract")
    return seen


DARON_FEATURES = {
    "DuelStarted": "duel",
    "DuelRiposted": "riposte",
    "BrawlStarted": "brawl",
    "BrawlJoined": "brawl_joined",
    "RoundBlocked": "blocked_round",
    "DirectionReversed": "direction_reversed",
}


def _daron(events: list[tuple[str, dict[str, Any]]]) -> set[str]:
    return {DARON_FEATURES[kind] for kind, _ in events if kind in DARON_FEATURES}


def _bohnanza(options: dict[str, Any], events: list[tuple[str, dict[str, Any]]]) -> set[str]:
    seen = {"extended"} if options["extended"] else set()
    kinds = {kind for kind, _ in events}
    if "TradeAccepted" in kinds:
        seen.add("trade_accepted")
    if "FieldBought" in kinds:
        seen.add("field_bought")
    exhaustions = {data["exhaustions"] for kind, data in events if kind in ("DeckReshuffled", "DeckExhausted")}
    seen |= {f"exhaustion:{n}" for n in exhaustions}
    if {1, 2, 3} <= exhaustions:
        seen.add("three_exhaustions")
    return seen


# --- the plan: which games, with what, showing what ---

People = Callable[[Services, str, dict[int, str]], Awaitable[None]]  # the people's tokens by seat


@dataclass(frozen=True)
class Plan:
    name: str
    game: str
    players: int
    options: dict[str, Any]
    bots: tuple[str | None, ...]  # cycled over the seats; None seats a person, whom `people` plays
    needs: frozenset[str]
    people: People | None = None
    # dealing 3: each person commits at join (to an entropy derived from the plan's name and its seat) and reveals
    # once every seat is taken; without, a person joins with no entropy, as a client of dealing 1 did
    commit: bool = False


async def hoard_then_forfeit(services: Services, game_id: str, tokens: dict[int, str]) -> None:
    """Daron's blocked round: the people draw and pass until nothing is left to draw and the round is blocked
    (no bot does that: docs/games/daron.md saw none in 1,800 random rounds); then each forfeits and smart bots
    play the rest of the game, duels and brawls included."""
    preferred = ("draw", "pass", "accept")
    seen = 0
    while True:
        recorded = await services.repo.store.read_stream(game_id, seen)
        seen += len(recorded)
        if any(r.type == "RoundBlocked" for r in recorded):
            break
        view = await services.queries.view(game_id, None)
        if view.status != "active":
            raise SystemExit(f"{game_id}: the game ended before a round was blocked")
        seat = view.awaiting[0]
        moves = [msgspec.to_builtins(m) for m in (await services.queries.legal_moves(game_id, tokens[seat])).moves]
        move = min(moves, key=lambda m: preferred.index(m["type"]) if m["type"] in preferred else len(preferred))
        await services.commands.command(game_id, tokens[seat], msgspec.json.encode(move), None, None)
    for _, token in sorted(tokens.items()):
        await services.seats.forfeit(game_id, token)


def first_moves_then_forfeit(moves: int) -> People:
    """The people play the first of their legal moves, through the services as a client does, for `moves` moves in
    all, then forfeit and the bots finish the game; a game that ends first has no forfeit (the people played it to
    its end with the bots)."""

    async def people(services: Services, game_id: str, tokens: dict[int, str]) -> None:
        for _ in range(moves):
            view = await services.queries.view(game_id, None)
            if view.status != "active":
                return
            awaited = [seat for seat in view.awaiting if seat in tokens]
            if not awaited:
                raise SystemExit(f"{game_id}: the game waits for {view.awaiting}, none of them a person")
            token = tokens[awaited[0]]
            legal = (await services.queries.legal_moves(game_id, token)).moves
            await services.commands.command(game_id, token, msgspec.json.encode(legal[0]), None, None)
        if (await services.queries.view(game_id, None)).status == "active":
            for _, token in sorted(tokens.items()):
                await services.seats.forfeit(game_id, token)

    return people


def every_contract(*more: str) -> frozenset[str]:
    return frozenset({"finished", "every_contract", *more})


MIX = ("smart", "random")
PROVEN = frozenset({"finished", "dealing:3", "person", "committed", "revealed", "person_moved"})
PLAN: tuple[Plan, ...] = (
    Plan("six-nimmt-2p", "six-nimmt", 2, {}, MIX, frozenset({"finished", "take:sixth_card", "several_rounds"})),
    Plan("six-nimmt-4p-pro", "six-nimmt", 4, {"variant": "pro"}, ("smart",), frozenset({"finished", "pro"})),
    Plan(
        "six-nimmt-6p-full",
        "six-nimmt",
        6,
        {"deck": "full", "end": {"kind": "rounds", "rounds": 2}},
        MIX,
        frozenset({"finished", "full_deck", "row_choice", "take:too_low", "several_rounds"}),
    ),
    Plan(
        "six-nimmt-10p-pro",
        "six-nimmt",
        10,
        {"variant": "pro", "end": {"kind": "rounds", "rounds": 1}},
        MIX,
        frozenset({"finished", "pro"}),
    ),
    Plan("le-baron-2p", "le-baron", 2, {}, MIX, frozenset({"finished", "take:sixth_card"})),
    Plan(
        "le-baron-5p-colour-first",
        "le-baron",
        5,
        {"rounds": 2, "variants": ["colour_first"]},
        MIX,
        frozenset({"finished", "colour_first", "several_rounds"}),
    ),
    Plan("le-baron-10p-positive", "le-baron", 10, {"variants": ["positive"]}, MIX, frozenset({"finished", "positive"})),
    Plan(
        "le-baron-4p-both",
        "le-baron",
        4,
        {"rounds": 2, "variants": ["colour_first", "positive"]},
        ("smart",),
        frozenset({"finished", "colour_first", "positive", "row_choice"}),
    ),
    Plan("barbu-3p", "barbu", 3, {}, MIX, every_contract("end:early_end")),
    Plan(
        "barbu-4p-short",
        "barbu",
        4,
        {"contracts": ["reussite", "salad", "hearts"], "max_rounds": 6, "early_end": False},
        ("random",),
        frozenset({"finished", "contract:reussite", "contract:salad", "contract:hearts"}),
    ),
    Plan("barbu-6p", "barbu", 6, {}, ("smart",), every_contract()),
    Plan("daron-2p", "daron", 2, {}, MIX, frozenset({"finished", "duel", "brawl"})),
    Plan(
        "daron-5p",
        "daron",
        5,
        {},
        ("smart",),
        frozenset({"finished", "duel", "riposte", "brawl", "brawl_joined", "direction_reversed"}),
    ),
    Plan("daron-8p", "daron", 8, {}, ("random",), frozenset({"finished", "duel", "brawl"})),
    Plan(
        "daron-3p-blocked",
        "daron",
        3,
        {},
        (None,),
        frozenset({"finished", "blocked_round", "duel", "brawl", "person", "forfeit", "bot_took_over"}),
        people=hoard_then_forfeit,
    ),
    Plan("bohnanza-3p", "bohnanza", 3, {}, MIX, frozenset({"finished", "trade_accepted", "three_exhaustions"})),
    Plan("bohnanza-5p", "bohnanza", 5, {}, ("smart",), frozenset({"finished", "trade_accepted", "three_exhaustions"})),
    Plan(
        "bohnanza-7p-extended",
        "bohnanza",
        7,
        {"extended": True},
        MIX,
        frozenset({"finished", "extended", "trade_accepted", "three_exhaustions"}),
    ),
    # Proof version 3 (dealing 3): each game once, with people who commit at join and reveal, bots for the other
    # seats, an `expert` among them once (the audit's `bot_moves` replays its search); few seats and rounds, so that
    # the files stay small
    Plan(
        "six-nimmt-3p-expert",
        "six-nimmt",
        3,
        {"end": {"kind": "rounds", "rounds": 1}},
        (None, "expert", "random"),
        PROVEN | {"bot:expert", "take:sixth_card"},
        people=first_moves_then_forfeit(1_000),  # the person plays its every move: the round ends first
        commit=True,
    ),
    Plan(
        "le-baron-3p-committed",
        "le-baron",
        3,
        {},
        (None, "smart", "random"),
        PROVEN | {"forfeit", "bot_took_over"},
        people=first_moves_then_forfeit(4),
        commit=True,
    ),
    Plan(
        "barbu-4p-committed",
        "barbu",
        4,
        {"contracts": ["hearts", "tricks"], "max_rounds": 2},
        (None, None, "smart", "random"),
        PROVEN | {"forfeit", "contract:hearts", "contract:tricks"},
        people=first_moves_then_forfeit(12),
        commit=True,
    ),
    Plan(
        "daron-2p-committed",
        "daron",
        2,
        {},
        (None, "smart"),
        PROVEN | {"forfeit", "duel"},
        people=first_moves_then_forfeit(10),
        commit=True,
    ),
    Plan(
        "bohnanza-3p-committed",
        "bohnanza",
        3,
        {},
        ("random", None, "smart"),
        PROVEN | {"forfeit", "trade_accepted"},
        people=first_moves_then_forfeit(10),
        commit=True,
    ),
)

PEOPLE = ("Ada", "Bea", "Cyd", "Dov", "Eli", "Fay", "Gil", "Hal", "Ivo", "Jo")
# The clock the recording's writes stamp their events with: pinned, since dealing 3's links cover the time. One step
# per write, with a fraction of a second, so that the stamps use the six fraction digits a link hashes.
CLOCK_START = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)
CLOCK_STEP = timedelta(seconds=1, microseconds=250_001)


# --- playing and recording ---


def candidate_seed(name: str, attempt: int) -> str:
    return hashlib.sha256(f"tapis-corpus:{name}:{attempt}".encode()).hexdigest()


def pinned_game_id(name: str) -> str:
    return hashlib.sha256(f"tapis-corpus-game:{name}".encode()).hexdigest()[:16]


def person_entropy(name: str, seat: int) -> str:
    """The entropy a person of the plan commits to and reveals: drawn by its device in play, fixed here (64 hex)."""
    return hashlib.sha256(f"tapis-corpus-entropy:{name}:{seat}".encode()).hexdigest()


class PinnedClock:
    """A clock for the recording: CLOCK_START, then one CLOCK_STEP later at each reading (each write reads it once)."""

    def __init__(self) -> None:
        self.now = CLOCK_START

    def __call__(self) -> datetime:
        now = self.now
        self.now += CLOCK_STEP
        return now


def settings() -> Settings:
    # spelled out, not left to the defaults: a smaller bot budget would stop the bots mid-game and change the games,
    # and the expert's budget is recorded in GameCreated (`bot_budget`) for the audit to replay its search with.
    # Not in test mode: no creator chooses a seed (`play` founds each game with the searched one as the server's).
    return Settings(test_mode=False, bot_moves_per_command=1_000_000, bot_expert_budget=1.0)


async def play(plan: Plan, seed: str) -> tuple[Services, str]:
    services = bootstrap.in_memory(settings(), bootstrap.memory_adapters(SystemClock(wall=PinnedClock())))
    commands = services.commands
    # Founded as `create` founds a game, with the seed the search chose as the server's (`create` takes a client's
    # seed only, which a server in test mode marks `client`: never fair) and an id pinned for the file's name,
    # where a server draws both at random: so the games are what a server stores, and the same code writes the
    # same files. The seeds are searched and the people's entropies fixed: a recording, not a fair game.
    founding = commands.founding(
        rules=GAMES[plan.game],
        game_id=pinned_game_id(plan.name),
        players=plan.players,
        options=plan.options,
        seed=bytes.fromhex(seed),
        source="server",
        turn_seconds=None,
        key_id=None,
        private=False,
        seats=[],
    )
    created, _ = await commands.found(founding)
    game_id, admin = created.game_id, created.admin_token
    tokens: dict[int, str] = {}
    for seat in range(plan.players):
        level = plan.bots[seat % len(plan.bots)]
        person = level is None
        committed = entropy_commitment(game_id, person_entropy(plan.name, seat)) if person and plan.commit else None
        taken = await commands.join(game_id, admin, PEOPLE[seat] if person else None, seat, level, commitment=committed)
        if taken.player_token is not None:
            tokens[seat] = taken.player_token
    if plan.commit:
        # every seat is taken: each person opens its commitment, and the start deals at once
        for seat, token in sorted(tokens.items()):
            await commands.reveal(game_id, token, person_entropy(plan.name, seat))
    await commands.start(game_id, admin)
    if plan.people is not None:
        await plan.people(services, game_id, tokens)
    return services, game_id


def decoded(recorded: list[Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(r.type, msgspec.json.decode(r.data)) for r in recorded]


async def record(plan: Plan, release: str, tries: int) -> CorpusGame:
    for attempt in range(tries):
        seed = candidate_seed(plan.name, attempt)
        services, game_id = await play(plan, seed)
        recorded = await services.repo.store.read_stream(game_id)
        shown = features(plan.game, plan.players, decoded(recorded))
        if plan.needs <= shown:
            return await export(plan, release, seed, services, game_id, recorded, shown)
    raise SystemExit(f"{plan.name}: none of {tries} seeds shows {sorted(plan.needs)}")


async def export(
    plan: Plan, release: str, seed: str, services: Services, game_id: str, recorded: list[Any], shown: set[str]
) -> CorpusGame:
    game_record = await services.repo.record(game_id)
    rules = codec(plan.game).rules
    table = await services.repo.table(game_record)
    viewers = [SPECTATOR, *(seat_viewer(s) for s in range(plan.players))]
    views = {viewer_key(v): msgspec.json.decode(msgspec.json.encode(tables.view(rules, table, v))) for v in viewers}
    report = await services.auditor.audit(game_id)
    if not report.ok or table.status != "finished" or report.seed != seed:
        raise SystemExit(f"{plan.name}: the game did not finish with a passing audit: {report.checks}")
    return CorpusGame(
        format=FORMAT,
        release=release,
        name=plan.name,
        game=plan.game,
        game_id=game_id,
        players=plan.players,
        options=plan.options,
        seed=seed,
        seats=[CorpusSeat(name=s.name, bot=s.bot) for s in table.seats if s is not None],
        features=sorted(shown),
        events=[
            CorpusEvent(
                version=r.version,
                type=r.type,
                # events stored before events had a schema version are version 1 of their schema
                schema_version=getattr(r, "schema_version", None) or 1,
                metadata=r.metadata,
                data=bytes(r.data).decode(),
                chain=r.chain,
                recorded_at=stamp(r.recorded_at),
            )
            for r in recorded
        ],
        expected=Expected(
            scores=report.scores,
            winners=report.winners,
            audit_ok=report.ok,
            checks=[CorpusCheck(name=c.name, ok=c.ok, detail=c.detail, applies=c.applies) for c in report.checks],
            views=views,
        ),
    )


# --- writing: one event, one view, one check per line, so that a diff between releases reads ---

EXPANDED = {(), ("events",), ("expected",), ("expected", "views"), ("expected", "checks")}


def render(value: Any, path: tuple[str, ...] = (), indent: int = 0) -> str:
    if path not in EXPANDED or not isinstance(value, dict | list) or not value:
        return msgspec.json.encode(value).decode()
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        inner = [
            f"{pad}{msgspec.json.encode(k).decode()}: {render(v, (*path, k), indent + 1)}" for k, v in value.items()
        ]
        return "{\n" + ",\n".join(inner) + "\n" + " " * indent + "}"
    inner = [f"{pad}{render(v, (*path, '*'), indent + 1)}" for v in value]
    return "[\n" + ",\n".join(inner) + "\n" + " " * indent + "]"


def file_name(game: CorpusGame) -> str:
    return f"{game.name}.{game.release}.json"


def write(game: CorpusGame, out: Path) -> Path:
    path = out / file_name(game)
    path.write_text(render(msgspec.to_builtins(game)) + "\n", encoding="utf-8")
    return path


def read(path: Path) -> CorpusGame:
    return msgspec.json.decode(path.read_bytes(), type=CorpusGame)


def git_release() -> str:
    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError) as exc:
            raise SystemExit(f"git {' '.join(args)} failed ({exc}): name the release with --release") from exc

    if git("status", "--porcelain", "--", *CODE_PATHS):
        raise SystemExit(
            "the code has uncommitted changes: record with committed code, or name the release with --release "
            "(e.g. run from `git archive HEAD | tar -x -C DIR` with --release $(git rev-parse --short HEAD))"
        )
    return git("rev-parse", "--short", "HEAD")


async def record_all(plans: list[Plan], release: str, tries: int) -> list[CorpusGame]:
    return [await record(plan, release, tries) for plan in plans]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--release", help="the commit that recorded the games (default: git rev-parse --short HEAD)")
    parser.add_argument("--tries", type=int, default=50, help="candidate seeds per game before giving up")
    parser.add_argument("--only", nargs="*", default=[], help="record only these plan names")
    args = parser.parse_args(argv)
    release = args.release or git_release()
    if not re.fullmatch(r"[0-9A-Za-z._-]+", release):
        raise SystemExit(f"--release {release!r}: letters, digits, '.', '_' and '-' only (it names files)")
    plans = [plan for plan in PLAN if not args.only or plan.name in args.only]
    games = asyncio.run(record_all(plans, release, args.tries))
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for game in games:
        path = write(game, args.out)
        size = path.stat().st_size
        total += size
        print(f"{path}  {game.players}p  {len(game.events)} events  {size // 1024} KiB  {', '.join(game.features)}")
    print(f"{len(games)} games, {total // 1024} KiB in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
