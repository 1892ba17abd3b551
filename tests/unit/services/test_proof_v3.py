"""Proof version 3 (docs/fair-play.md), each guarantee played as its attacker would, on the service layer.

- the last joiner who knows the seed grinds its entropy: it wins on dealing 2 (public entropy) and cannot on
  dealing 3 (commit, then reveal);
- commit and reveal refuse every bad input with its code and append nothing;
- a deal no person's committed entropy fixed is never reported fair; a withheld reveal costs its seat;
- a bot's recorded move must be the one the bot makes, and a changed one is caught;
- the chain covers metadata and time: a rewrite changes the head that someone kept;
- an honest export re-serialised by ordinary JSON tools still verifies, and strict reading refuses the rest.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
import pytest

from api.verify_command import verdict_of
from bootstrap import Services, wire
from domain.games.six_nimmt import GAME as SIX_NIMMT
from domain.kernel import table as tables
from domain.kernel.deal_key import deal_key, entropy_commitment
from domain.kernel.errors import RuleViolation
from domain.kernel.events import GameStarted
from domain.kernel.shuffle import Draws, shuffle, u64_stream
from infra.settings import Settings
from services.canonical import canonical
from services.chain import Links, links_of
from services.export import FailedVerification
from services.export_check import CorruptExport
from services.timer import TurnTimer
from tests.game_driver import play_to_end
from tests.plain import plain
from tests.unit.services.fakes import ManualClock, fresh_adapters


class Clock:
    """A manual clock for the reveal window: no test waits for real."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def services(clock: Clock) -> Services:
    # a production server (no client seed): the server draws every seed, as `make run` does
    return wire(fresh_adapters(clock), Settings(reveal_seconds=60))


def entropy_pair(game_id: str) -> tuple[str, str]:
    entropy = secrets.token_hex(32)
    return entropy, entropy_commitment(game_id, entropy)


async def lobby(services: Services, game: str = "six-nimmt", players: int = 2) -> tuple[str, str]:
    created = plain(await services.commands.create(game, players, None, None, None))
    return created["game_id"], created["admin_token"]


async def committed_game(
    services: Services, game: str = "six-nimmt", people: int = 2, bots: tuple[str, ...] = ()
) -> tuple[str, str, list[str], list[str]]:
    """A game whose people committed, revealed and started: (id, admin token, people's tokens, their entropies)."""
    game_id, admin = await lobby(services, game, people + len(bots))
    tokens, entropies = [], []
    for seat in range(people):
        entropy, committed = entropy_pair(game_id)
        joined = plain(await services.commands.join(game_id, None, f"p{seat}", None, None, commitment=committed))
        tokens.append(joined["player_token"])
        entropies.append(entropy)
    for level in bots:
        await services.commands.join(game_id, admin, None, None, level)
    for token, entropy in zip(tokens, entropies, strict=True):
        await services.commands.reveal(game_id, token, entropy)
    await services.commands.start(game_id, admin)
    return game_id, admin, tokens, entropies


async def refused(code: str, call: Any) -> None:
    with pytest.raises(RuleViolation) as refusal:
        await call
    assert refusal.value.code == code, refusal.value


# --- commit and reveal --------------------------------------------------------------------------------------------


async def test_a_committed_game_deals_by_every_reveal_and_audits_fair(services: Services) -> None:
    game_id, _, tokens, entropies = await committed_game(services)
    view = plain(await services.queries.view(game_id, tokens[0]))
    assert (view["dealing"], view["fairness"]) == (3, "committed")
    assert [p["entropy"] for p in view["players"]] == entropies
    events = await services.repo.events(game_id)
    started = next(e for e in services_events(services, game_id, events) if isinstance(e, GameStarted))
    assert started.entropy == entropies and started.withheld == []
    await play_to_end(services, game_id, tokens)
    report = plain(await services.auditor.audit(game_id))
    assert report["ok"], report["checks"]
    assert (report["fair"], report["fairness"]) == (True, "committed")


def services_events(services: Services, game_id: str, recorded: list[Any]) -> list[Any]:
    from services.codec import codec

    return codec("six-nimmt").events(recorded)


async def test_every_bad_commitment_and_reveal_is_refused_with_its_code_and_appends_nothing(
    services: Services,
) -> None:
    game_id, admin = await lobby(services, players=3)
    entropy, committed = entropy_pair(game_id)
    await refused(
        "invalid_commitment", services.commands.join(game_id, None, "x", None, None, commitment=committed.upper())
    )
    await refused("invalid_commitment", services.commands.join(game_id, None, "x", None, None, commitment=12))
    await refused(
        "invalid_commitment",
        services.commands.join(game_id, None, "x", None, None, entropy="public", commitment=committed),
    )
    ann = plain(await services.commands.join(game_id, None, "ann", None, None, commitment=committed))["player_token"]
    await refused("commitment_reused", services.commands.join(game_id, None, "bob", None, None, commitment=committed))
    bob = plain(await services.commands.join(game_id, None, "bob", None, None))["player_token"]
    await refused("reveal_too_early", services.commands.reveal(game_id, ann, entropy))
    await refused("no_commitment", services.commands.reveal(game_id, bob, entropy))
    await refused("already_committed", services.commands.commit(game_id, ann, entropy_pair(game_id)[1]))
    await services.commands.join(game_id, admin, None, None, "smart")
    version = plain(await services.queries.view(game_id, None))["version"]
    await refused("reveal_mismatch", services.commands.reveal(game_id, ann, secrets.token_hex(32)))
    await refused("invalid_entropy", services.commands.reveal(game_id, ann, entropy.upper()))
    await refused("invalid_entropy", services.commands.reveal(game_id, ann, entropy[:-1]))
    assert plain(await services.queries.view(game_id, None))["version"] == version, "nothing appended"
    await services.commands.reveal(game_id, ann, entropy)
    await refused("already_revealed", services.commands.reveal(game_id, ann, entropy))
    # the first reveal fixes the seats and the commitments: nobody may now steer the deal by who sits
    await refused("commitments_closed", services.commands.commit(game_id, bob, entropy_pair(game_id)[1]))
    await refused("reveals_started", services.seats.leave(game_id, bob))
    await refused("reveals_started", services.seats.remove(game_id, admin, 1))


async def test_a_rematch_asks_for_new_entropy(services: Services) -> None:
    game_id, admin, tokens, _ = await committed_game(services)
    await play_to_end(services, game_id, tokens)
    rematch = plain(await services.seats.rematch(game_id, admin))
    new_id = rematch["game_id"]
    assert plain(await services.queries.view(new_id, None))["fairness"] == "pending"
    new_tokens = [plain(await services.seats.hand_over(game_id, t))["player_token"] for t in tokens]
    entropy, committed = entropy_pair(new_id)
    await services.commands.commit(new_id, new_tokens[0], committed)
    await services.commands.reveal(new_id, new_tokens[0], entropy)
    await services.commands.start(new_id, rematch["admin_token"])
    assert plain(await services.queries.view(new_id, None))["fairness"] == "committed"


# --- fairness levels: a deal no person fixed is never called fair --------------------------------------------------


@pytest.mark.parametrize(
    ("how", "level"),
    [("bots", "server"), ("silent", "server"), ("public", "open"), ("committed", "committed")],
)
async def test_the_fairness_level_says_who_could_have_chosen_the_deal(services: Services, how: str, level: str) -> None:
    game_id, admin = await lobby(services, players=2)
    tokens: list[str] = []
    for seat in range(2):
        if how == "bots":
            await services.commands.join(game_id, admin, None, None, "random")
            continue
        entropy, committed = entropy_pair(game_id)
        joined = await services.commands.join(
            game_id,
            None,
            f"p{seat}",
            None,
            None,
            entropy="device-entropy" if how == "public" else None,
            commitment=committed if how == "committed" else None,
        )
        tokens.append(plain(joined)["player_token"])
        if how == "committed":
            tokens.append(entropy)
    if how == "committed":
        for token, entropy in zip(tokens[::2], tokens[1::2], strict=True):
            await services.commands.reveal(game_id, token, entropy)
    await services.commands.start(game_id, admin)
    view = plain(await services.queries.view(game_id, None))
    assert view["fairness"] == level
    listed = next(g for g in plain(await services.queries.listing(None, None, 50))["games"] if g["game_id"] == game_id)
    assert (listed["dealing"], listed["fairness"]) == (3, level)


async def test_a_withheld_reveal_waits_for_its_window_then_costs_the_seat(services: Services, clock: Clock) -> None:
    game_id, admin = await lobby(services, players=2)
    entropies = [entropy_pair(game_id) for _ in range(2)]
    tokens = [
        plain(await services.commands.join(game_id, None, f"p{s}", None, None, commitment=entropies[s][1]))[
            "player_token"
        ]
        for s in range(2)
    ]
    await services.commands.reveal(game_id, tokens[0], entropies[0][0])
    with pytest.raises(RuleViolation) as early:
        await services.commands.start(game_id, admin)
    assert early.value.code == "reveals_missing"
    assert early.value.details["seats"] == [1] and early.value.details["retry_after"] > 0
    clock.now += timedelta(seconds=61)
    await services.commands.start(game_id, admin)
    view = plain(await services.queries.view(game_id, None))
    assert view["status"] == "active" and view["fairness"] == "committed"
    assert view["players"][1]["bot"] == "smart", "the seat that withheld is played by a bot"
    recorded = await services.repo.events(game_id)
    started = next(e for e in services_events(services, game_id, recorded) if isinstance(e, GameStarted))
    assert started.withheld == [1] and started.entropy == [entropies[0][0], ""]


# --- the last joiner who knows the seed ------------------------------------------------------------------------


def holds_the_lowest_cards(seed: bytes, game_id: str, entropy: list[str], dealing: int) -> bool:
    """The attacker's goal: its seat (1) is dealt cards 1 and 2 (about 1 deal in 110 of a 2-player six-nimmt)."""
    key = deal_key(dealing, game_id, seed, entropy)
    order = shuffle(key, "shuffle:0", list(range(1, 25)))  # six-nimmt for 2 players: 1..24
    return {1, 2} <= set(order[1:20:2])


def test_the_last_joiner_grinds_public_entropy_and_cannot_grind_a_committed_one() -> None:
    seed, game_id = bytes(range(32)), "0123456789abcdef"
    honest = hashlib.sha256(b"the honest player's device").hexdigest()
    # dealing 2: the honest entropy is public when the last joiner chooses its own; knowing the seed, it tries
    ground = next(
        f"{n:064x}" for n in range(100_000) if holds_the_lowest_cards(seed, game_id, [honest, f"{n:064x}"], 2)
    )
    assert holds_the_lowest_cards(seed, game_id, [honest, ground], 2), "dealing 2 lets the last joiner choose"
    # dealing 3: it must commit before anyone reveals, so it can only grind against a guess of the honest entropy
    guess = "0" * 64
    ground = next(f"{n:064x}" for n in range(100_000) if holds_the_lowest_cards(seed, game_id, [guess, f"{n:064x}"], 3))
    assert not holds_the_lowest_cards(seed, game_id, [honest, ground], 3), "the committed deal is not the ground one"
    # and after the reveal it can only reveal what it committed to (or withhold: one bit, and its seat)
    table = tables.initial(tables.create(SIX_NIMMT, game_id, 2, None, seed)[0])
    for name, committed in (
        ("honest", entropy_commitment(game_id, honest)),
        ("last", entropy_commitment(game_id, ground)),
    ):
        table = tables.evolve_all(SIX_NIMMT, table, tables.join(table, name, None, None, "", committed))
    with pytest.raises(RuleViolation, match="does not open"):
        tables.reveal(table, 1, "1" * 64)


# --- bots ------------------------------------------------------------------------------------------------------


async def test_every_bot_move_is_made_again_by_the_audit(services: Services) -> None:
    game_id, _, tokens, _ = await committed_game(services, people=1, bots=("smart", "random", "expert"))
    await play_to_end(services, game_id, tokens)
    report = plain(await services.auditor.audit(game_id))
    bots = next(c for c in report["checks"] if c["name"] == "bot_moves")
    assert report["ok"] and bots["applies"] and not bots["detail"].startswith("0 "), bots


async def test_a_bot_that_does_not_play_its_own_move_is_caught(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server bot that plays another legal move (as one that looked at the other hands would) goes through
    every rule; only making the bot's move again shows it."""
    honest = tables.next_bot_move

    def cheating(rules: Any, table: Any, seed: bytes, budget: float = 1.0) -> tables.BotMove | None:
        chosen = honest(rules, table, seed, budget)
        if chosen is None:
            return None
        moves = rules.seen(table.inner, chosen.seat).moves
        other = next((m for m in reversed(moves) if m != chosen.command), chosen.command)
        return tables.BotMove(chosen.seat, chosen.level, other)

    with monkeypatch.context() as patched:
        patched.setattr(tables, "next_bot_move", cheating)
        game_id, _, tokens, _ = await committed_game(services, people=1, bots=("smart",))
        await play_to_end(services, game_id, tokens)
    report = plain(await services.auditor.audit(game_id))
    failed = {c["name"]: c for c in report["checks"] if not c["ok"]}
    assert set(failed) == {"bot_moves"}, report["checks"]
    assert not report["fair"]


# --- the chain and the export ----------------------------------------------------------------------------------


def rechain(document: dict[str, Any], seed: bytes) -> None:
    """A forger's recomputation of every dealing-3 link, from the public definition and the revealed seed."""
    links: Links = links_of(document["game_id"], document["dealing"], seed)
    previous = links.genesis
    for e in document["events"]:
        at = datetime.fromisoformat(e["recorded_at"])
        data = msgspec.json.encode(e["data"])
        previous = links.link(previous, e["version"], e["type"], e["schema_version"], data, e["metadata"], at)
        e["chain"] = previous.hex()
    document["chain_head"] = document["events"][-1]["chain"]


async def finished_export(services: Services) -> dict[str, Any]:
    game_id, _, tokens, _ = await committed_game(services)
    await play_to_end(services, game_id, tokens)
    document: dict[str, Any] = json.loads(await services.exports.export(game_id, None))
    return document


@pytest.mark.parametrize(
    "save",
    [
        lambda d: json.dumps(d, indent=2).encode(),
        lambda d: json.dumps(d, sort_keys=True).encode(),
        lambda d: json.dumps(d, separators=(",", ":"), ensure_ascii=True).encode(),
        lambda d: json.dumps(dict(reversed(list(d.items()))), indent="\t").encode(),
    ],
)
async def test_an_honest_export_saved_again_by_a_json_library_still_verifies(
    services: Services, save: Callable[[dict[str, Any]], bytes]
) -> None:
    document = await finished_export(services)
    verdict = verdict_of(save(document))
    assert (verdict["verdict"], verdict["fairness"]) == ("ok", "committed"), verdict


async def test_metadata_and_times_are_in_the_chain_so_a_rewrite_changes_a_kept_head(services: Services) -> None:
    document = await finished_export(services)
    kept = document["chain_head"]
    seed = bytes.fromhex(document["seed"])
    for edit in ("metadata", "recorded_at"):
        forged = json.loads(json.dumps(document))
        target = next(e for e in forged["events"] if e["type"] == "CommandAccepted")
        if edit == "metadata":
            target["metadata"]["actor"] = "admin"
        else:
            target["recorded_at"] = "2020-01-01T00:00:00.000000Z"
        assert verdict_of(json.dumps(forged).encode())["code"] == "chain", edit
        rechain(forged, seed)
        assert verdict_of(json.dumps(forged).encode())["verdict"] == "ok"  # consistent, but
        assert verdict_of(json.dumps(forged).encode(), head=kept)["code"] == "head", "the kept head exposes it"


@pytest.mark.parametrize(
    ("forge", "code"),
    [
        (lambda d: d.update(dealing=2), "document_mismatch"),
        (lambda d: [e["data"].update(dealing=0) for e in d["events"][:1]] and d.update(dealing=0), "unknown_version"),
        (lambda d: d.update(players=3), "document_mismatch"),
        (lambda d: d.update(seed_source="client"), "document_mismatch"),
        (lambda d: d.update(options={"deck": "full"}), "document_mismatch"),
        (lambda d: d["events"][1].update(chain=d["events"][1]["chain"].upper()), "bad_value"),
        (lambda d: d["events"][1].update(chain=None), "protocol"),
        (lambda d: [e.update(chain=None) for e in d["events"]] and d.update(chain_head=None), "protocol"),
        (lambda d: d["events"][1].update(schema_version=2**64 + 1), "bad_number"),
        (lambda d: d["events"][1].update(schema_version=9), "unknown_version"),
        (lambda d: d["events"][0]["data"].update(extra=1), "bad_event"),
        (lambda d: d.update(seed=d["seed"][:10] + " " + d["seed"][11:]), "bad_value"),
        (lambda d: d.update(seed="ab" * 500_000), "bad_value"),
        (lambda d: d.update(players=3_000_000), "unknown_game"),
        (lambda d: d["events"][1].update(recorded_at="2026-12-03T12:00:00Z"), "bad_value"),
        (lambda d: d.update(finished=False), "not_finished"),
    ],
)
async def test_a_forged_export_is_refused_with_a_stable_code(
    services: Services, forge: Callable[[dict[str, Any]], Any], code: str
) -> None:
    document = await finished_export(services)
    forge(document)
    assert verdict_of(json.dumps(document).encode())["code"] == code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (lambda b: b.replace(b'"format_version":3', b'"format_version":2.0'), "bad_number"),
        (lambda b: b.replace(b'"format_version":3', b'"format_version":3,"format_version":3'), "duplicate_key"),
        (lambda b: b[: len(b) // 2], "not_json"),
        (lambda b: b"[" * 100_000 + b"]" * 100_000, "too_deep"),
        (lambda b: b"\xef\xbb\xbf" + b, "not_json"),
        (lambda b: b" " * (65 * 1024 * 1024), "too_large"),
    ],
)
async def test_strict_reading_refuses_what_other_tools_would_read_differently(
    services: Services, text: Callable[[bytes], bytes], code: str
) -> None:
    blob = await services.exports.export((await any_finished(services)), None)
    verdict = verdict_of(text(blob))
    assert (verdict["verdict"], verdict["code"]) == ("malformed", code)


async def test_forged_scores_under_a_duplicate_key_are_refused(services: Services) -> None:
    game_id = await any_finished(services)
    blob = await services.exports.export(game_id, None)
    ended = blob.index(b'"data":{"type":"GameEnded"') + len(b'"data":{')  # inside the event's data
    forged = blob[:ended] + b'"scores":[0,0],' + blob[ended:]
    assert verdict_of(forged)["code"] == "duplicate_key"


async def test_a_card_written_17_0_is_refused(services: Services) -> None:
    document = await finished_export(services)
    raw = json.dumps(document)
    dealt = next(e for e in document["events"] if e["type"] == "DeckShuffled")
    card = dealt["data"]["order"][0]
    forged = raw.replace(f'"order": [{card},', f'"order": [{card}.0,', 1)
    assert forged != raw
    assert verdict_of(forged.encode())["code"] == "bad_number"


async def any_finished(services: Services) -> str:
    game_id, _, tokens, _ = await committed_game(services)
    await play_to_end(services, game_id, tokens)
    return game_id


# --- import verifies first -----------------------------------------------------------------------------------


async def test_an_import_refuses_a_file_that_fails_verification_and_a_foreign_id(clock: Clock) -> None:
    source = wire(fresh_adapters(clock), Settings())
    document = await finished_export(source)
    target = wire(fresh_adapters(clock), Settings())
    forged = json.loads(json.dumps(document))
    ended = next(e for e in forged["events"] if e["type"] == "GameEnded")
    ended["data"]["scores"] = [0] * len(ended["data"]["scores"])
    rechain(forged, bytes.fromhex(forged["seed"]))
    with pytest.raises(FailedVerification) as failed:
        await target.exports.import_(json.dumps(forged).encode())
    assert failed.value.code in {"re_execution", "scores"}
    renamed = json.loads(json.dumps(document).replace(document["game_id"], "<script>x</script>"))
    with pytest.raises(CorruptExport):
        await target.exports.import_(json.dumps(renamed).encode())
    assert await target.repo.store.game_ids(None, 10) == []
    assert await target.exports.import_(json.dumps(document).encode()) == document["game_id"]


# --- the shuffle's rejection branch, which guards against modulo bias ------------------------------------------


def test_the_draw_rejects_a_value_past_the_last_whole_multiple() -> None:
    n = 2**63 + 1  # limit = n: about half of all 64-bit values are past it
    key = next(k for k in (bytes([i]) * 32 for i in range(256)) if next(u64_stream(k, "shuffle:0")) >= n)
    stream = u64_stream(key, "shuffle:0")
    first = next(stream)
    kept = next(u for u in stream if u < n)
    assert first >= n
    assert Draws(key, "shuffle:0").draw(n) == kept % n != first % n


def test_canonical_form_orders_keys_by_utf16_code_units() -> None:
    # U+FFFF sorts after U+1F600 by code point, before it by UTF-16 code unit (0xD83D): RFC 8785 wants the latter
    assert canonical({"\U0001f600": 1, "\uffff": 2}) == '{"\U0001f600":1,"\uffff":2}'.encode()
    assert canonical({"b": [1, "x"], "a": None}) == b'{"a":null,"b":[1,"x"]}'


async def test_an_imported_game_says_so_in_the_view_and_the_listing(clock: Clock) -> None:
    source = wire(fresh_adapters(clock), Settings())
    document = await finished_export(source)
    target = wire(fresh_adapters(clock), Settings())
    game_id = await target.exports.import_(json.dumps(document).encode())
    assert plain(await target.queries.view(game_id, None))["imported"] is True
    await target.projector.catch_up()
    listed = [g for g in plain(await target.queries.listing(None, None, 50))["games"] if g["game_id"] == game_id]
    assert listed and listed[0]["imported"] is True
    # a game played here is not
    assert plain(await source.queries.view(document["game_id"], None))["imported"] is False


async def test_the_turn_timers_moves_are_made_again_by_the_audit() -> None:
    clock = ManualClock()
    services = wire(fresh_adapters(clock), Settings())
    timer = TurnTimer(services.timer.transactor, services.timer.bots, services.timer.due, clock=clock)
    created = plain(await services.commands.create("six-nimmt", 2, None, None, None, turn_seconds=30))
    game_id = created["game_id"]
    tokens = [plain(await services.commands.join(game_id, None, f"p{s}", None, None))["player_token"] for s in (0, 1)]
    await services.commands.start(game_id, created["admin_token"])
    for _ in range(3):  # three turns played by the timer's bot for both seats
        clock.advance(31)
        await timer.run_once()
    await play_to_end(services, game_id, tokens)
    report = plain(await services.auditor.audit(game_id))
    bots = next(c for c in report["checks"] if c["name"] == "bot_moves")
    assert report["ok"] and int(bots["detail"].split()[0]) >= 3, bots


@pytest.mark.parametrize(
    ("forge", "code"),
    [
        (lambda d: d["events"][0]["data"].update(rules=99), "unknown_version"),
        (lambda d: d["events"][0]["data"].update(bot_budget=10**9), "bad_value"),
    ],
)
async def test_a_version_or_budget_this_code_does_not_play_is_refused_before_any_work(
    services: Services, forge: Callable[[dict[str, Any]], Any], code: str
) -> None:
    document = await finished_export(services)
    forge(document)
    assert verdict_of(json.dumps(document).encode())["code"] == code


async def test_events_that_cannot_even_be_applied_fail_re_execution_without_a_traceback(services: Services) -> None:
    document = await finished_export(services)
    dealt = next(e for e in document["events"] if e["type"] == "CardChosen")
    dealt["data"]["seat"] = 99  # a seat the table does not have
    rechain(document, bytes.fromhex(document["seed"]))
    verdict = verdict_of(json.dumps(document).encode())
    assert (verdict["verdict"], verdict["code"]) in {("failed", "re_execution"), ("malformed", "bad_event")}
