"""rules/dealing.md, version 2: the commitment bound to the game, the seats' entropy, the deal key, the test mode's
client seed, and the recorded commands (`CommandAccepted`) shown to their sender only while the game runs.

The document's vectors are checked twice: against domain/kernel/deal_key.py, and against the formulas written out
here with hashlib/hmac alone, as an auditor's 20-line script would (so that the module and the text cannot drift
apart together).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

import msgspec
import pytest

from bootstrap import Services, wire
from domain.games.six_nimmt import GAME
from domain.kernel import table as tables
from domain.kernel.deal_key import commitment, deal_key
from domain.kernel.errors import RuleViolation
from domain.kernel.events import CommandAccepted, DeckShuffled, GameCreated, GameStarted, PlayerJoined
from domain.kernel.secret_choice import PlayCard
from domain.kernel.shuffle import shuffle
from domain.kernel.table import Table
from domain.kernel.table_commands import Join, Play, TimeOut
from domain.kernel.viewer import EVERYONE, SPECTATOR, seat_viewer
from infra.settings import Settings
from tests.game_driver import SEED as SEED_HEX
from tests.game_driver import new_game, play_to_end
from tests.plain import plain
from tests.unit.services.fakes import fresh_adapters

COUNTING = bytes(range(32))  # the document's server seed: bytes 0..31
VECTOR_GAME = "0123456789abcdef"
VECTOR_ENTROPY = ["alice-device-7f3a", "", "bob"]
VECTOR_COMMITMENT = "c69ce1f12baef7d8a9c0c72a2bd99f8f1afd0237200dde925af23a8e93b82f01"
VECTOR_DEAL_KEY = "671422168da92723c618561dedde50e00a7306b817b0dce4557f203c011550ec"
VECTOR_SHUFFLE = [31, 6, 12, 19, 13, 9, 7, 11, 1, 15, 26, 34, 20, 32, 28, 17, 30, 24, 21, 33, 4, 5, 10, 29, 8, 25, 23]
VECTOR_SHUFFLE += [22, 14, 16, 3, 27, 18, 2]
VECTOR_EMPTY_DEAL_KEY = "46ee4506530061e1674d2e4793ed4783f15ee2db5c3dc63130d9018920b47a1c"
V1_COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"  # sha256(bytes 0..31)
V1_SHUFFLE_START = [37, 36, 74, 11, 6, 84, 22, 14, 17, 65, 21, 50]  # shuffle(bytes 0..31, "shuffle:0", 1..104)
V1_SHUFFLE_END = [41, 97, 49, 94, 85]
FULL_DECK = {"deck": "full"}  # six-nimmt's canonical order is then 1..104 whatever the number of seats


@pytest.fixture
def services() -> Services:
    # as tests/unit/services/conftest.py's: the whole service layer on fresh memory adapters, in test mode
    return wire(fresh_adapters(), Settings(test_mode=True))


def spec_commitment(game_id: str, seed: bytes, dealing: int = 2) -> str:
    return hashlib.sha256(f"tapis-commit-v{dealing}:{game_id}:".encode() + seed).hexdigest()


def spec_deal_key(game_id: str, seed: bytes, entropy: list[str]) -> bytes:
    message = f"tapis-deal-v2:{game_id}".encode()
    for e in entropy:
        message += b"\x00" + e.encode()
    return hmac.new(seed, message, hashlib.sha256).digest()


# --- the document's vectors ------------------------------------------------------------------------------


def test_commitment() -> None:
    # dealing 1 (rules/dealing.md's first vector): sha256 of the seed alone, whatever the game (moved from
    # test_shuffle.py with shuffle.commitment, which only dealing 1 ever used)
    assert commitment(1, "any game", COUNTING) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_the_commitment_vector() -> None:
    assert commitment(2, VECTOR_GAME, COUNTING) == VECTOR_COMMITMENT
    assert spec_commitment(VECTOR_GAME, COUNTING) == VECTOR_COMMITMENT


def test_the_deal_key_vector() -> None:
    assert deal_key(2, VECTOR_GAME, COUNTING, VECTOR_ENTROPY).hex() == VECTOR_DEAL_KEY
    assert spec_deal_key(VECTOR_GAME, COUNTING, VECTOR_ENTROPY).hex() == VECTOR_DEAL_KEY


def test_the_shuffle_vector_under_the_deal_key() -> None:
    key = bytes.fromhex(VECTOR_DEAL_KEY)
    assert shuffle(key, "shuffle:0", list(range(1, 35))) == VECTOR_SHUFFLE
    assert sorted(VECTOR_SHUFFLE) == list(range(1, 35))


def test_the_deal_key_vector_with_every_entropy_empty() -> None:
    assert deal_key(2, VECTOR_GAME, COUNTING, ["", "", ""]).hex() == VECTOR_EMPTY_DEAL_KEY
    assert spec_deal_key(VECTOR_GAME, COUNTING, ["", "", ""]).hex() == VECTOR_EMPTY_DEAL_KEY
    # each seat adds its separator: three empty entropies are not two, nor none
    assert deal_key(2, VECTOR_GAME, COUNTING, ["", ""]).hex() != VECTOR_EMPTY_DEAL_KEY
    assert deal_key(2, VECTOR_GAME, COUNTING, []).hex() != VECTOR_EMPTY_DEAL_KEY


def test_version_1_keeps_its_commitment_and_deals_by_the_seed_itself() -> None:
    assert commitment(1, VECTOR_GAME, COUNTING) == V1_COMMITMENT
    assert deal_key(1, VECTOR_GAME, COUNTING, VECTOR_ENTROPY) == COUNTING


# --- a game's deal -------------------------------------------------------------------------------------------


def seated(game_id: str, entropy: list[str], seed: bytes = COUNTING, dealing: int = 2) -> list[Any]:
    """The events of a six-nimmt game (full deck) created, joined with these entropies ("": none) and started."""
    events = tables.create(GAME, game_id, len(entropy), FULL_DECK, seed, dealing=dealing)
    table: Table[Any] = tables.initial(events[0])
    for seat, sent in enumerate(entropy):
        joined = tables.join(table, f"p{seat}", None, None, sent)
        table = tables.evolve_all(GAME, table, joined)
        events += joined
    return events + tables.start(GAME, table, seed)


def first_order(events: list[Any]) -> list[Any]:
    return next(e for e in events if isinstance(e, DeckShuffled)).order


def test_two_games_on_the_same_seed_never_share_a_commitment() -> None:
    (one,) = tables.create(GAME, "game-one", 2, None, COUNTING)
    (two,) = tables.create(GAME, "game-two", 2, None, COUNTING)
    assert one.seed_commitment != two.seed_commitment
    assert one.seed_commitment == spec_commitment("game-one", COUNTING, one.dealing)


def test_the_start_fixes_the_entropies_and_every_shuffle_uses_the_deal_key() -> None:
    events = seated("g-1", ["alice-device-7f3a", "", "bob"])
    joined = [e for e in events if isinstance(e, PlayerJoined)]
    assert [e.entropy for e in joined] == ["alice-device-7f3a", "", "bob"]  # public, in the join events
    (started,) = [e for e in events if isinstance(e, GameStarted)]
    assert started.entropy == ["alice-device-7f3a", "", "bob"]
    key = spec_deal_key("g-1", COUNTING, ["alice-device-7f3a", "", "bob"])
    assert first_order(events) == shuffle(key, "shuffle:0", list(range(1, 105)))
    # and not the seed itself, as version 1 did
    assert first_order(events) != shuffle(COUNTING, "shuffle:0", list(range(1, 105)))
    table = tables.fold(GAME, events)
    assert tables.key(table, COUNTING) == key


def test_other_entropy_deals_otherwise_and_the_same_entropy_deals_the_same() -> None:
    dealt = first_order(seated("g-1", ["alice", "bob"]))
    assert first_order(seated("g-1", ["alice", "bob"])) == dealt
    for other in (["alice", "bob!"], ["alice", ""], ["", ""], ["bob", "alice"]):
        assert first_order(seated("g-1", other)) != dealt, other
    # the same seed and entropies in another game: another deal
    assert first_order(seated("g-2", ["alice", "bob"])) != dealt


def test_a_dealing_1_game_still_deals_by_the_seed_itself() -> None:
    events = seated("g-1", ["", "", ""], dealing=1)
    created = events[0]
    assert isinstance(created, GameCreated) and created.dealing == 1
    assert created.seed_commitment == V1_COMMITMENT
    (started,) = [e for e in events if isinstance(e, GameStarted)]
    assert started == GameStarted()  # version 1 fixes no entropy
    order = first_order(events)
    assert order[:12] == V1_SHUFFLE_START and order[-5:] == V1_SHUFFLE_END


# --- entropy validation ------------------------------------------------------------------------------------


def lobby(players: int = 3) -> Table[Any]:
    return tables.initial(tables.create(GAME, "g-1", players, None, COUNTING)[0])


REFUSED = [
    ("", "empty"),
    ("x" * 65, "too_long"),
    ("bell\x07", "not_printable"),
    ("caf\u00e9", "not_ascii"),
    (5, "not_a_string"),
    (["abc"], "not_a_string"),
]


@pytest.mark.parametrize(("entropy", "reason"), REFUSED)
def test_seat_entropy_refuses_what_is_not_1_to_64_printable_ascii(entropy: object, reason: str) -> None:
    with pytest.raises(RuleViolation) as refusal:
        tables.seat_entropy(entropy, None)
    assert refusal.value.code == "invalid_entropy"
    assert refusal.value.details["reason"] == reason


@pytest.mark.parametrize(
    "entropy", ["x", "x" * 64, " ", "~", "alice-device-7f3a", "".join(map(chr, range(32, 127)))[:64]]
)
def test_seat_entropy_takes_1_to_64_printable_ascii(entropy: str) -> None:
    assert tables.seat_entropy(entropy, None) == entropy


def test_no_entropy_is_the_empty_string_and_a_bot_sends_none() -> None:
    assert tables.seat_entropy(None, None) == ""
    assert tables.seat_entropy(None, "smart") == ""
    with pytest.raises(RuleViolation) as refusal:
        tables.seat_entropy("abc", "smart")
    assert refusal.value.code == "invalid_entropy" and refusal.value.details["reason"] == "bot"


@pytest.mark.parametrize(
    ("entropy", "reason"),
    [(e, r) for e, r in REFUSED if e != ""],  # "" is join's (and Join's) "none"
)
def test_join_refuses_bad_entropy(entropy: object, reason: str) -> None:
    table = lobby()
    with pytest.raises(RuleViolation) as refusal:
        tables.join(table, "ann", None, None, entropy)  # type: ignore[arg-type]
    assert refusal.value.code == "invalid_entropy"
    assert refusal.value.details["reason"] == reason


def test_join_refuses_a_bot_with_entropy_and_takes_a_bot_without() -> None:
    table = lobby()
    with pytest.raises(RuleViolation) as refusal:
        tables.join(table, "robot", None, "smart", "abc")
    assert refusal.value.code == "invalid_entropy" and refusal.value.details["reason"] == "bot"
    assert tables.join(table, "robot", None, "smart") == [PlayerJoined(seat=0, name="robot", bot="smart", entropy="")]


def test_join_records_the_entropy_and_the_view_shows_it() -> None:
    table = lobby(2)
    (joined,) = tables.join(table, "ann", None, None, "ann's phone")
    assert joined == PlayerJoined(seat=0, name="ann", entropy="ann's phone")
    table = tables.evolve(GAME, table, joined)
    shown = msgspec.to_builtins(tables.view(GAME, table, SPECTATOR))
    assert shown["players"][0]["entropy"] == "ann's phone" and shown["players"][1]["entropy"] == ""


# --- through the services ----------------------------------------------------------------------------------


async def every_event(services: Services, game_id: str, token: str | None) -> list[dict[str, Any]]:
    """The whole stream as `token`'s bearer sees it, page by page."""
    events: list[dict[str, Any]] = []
    while page := plain(await services.queries.events(game_id, token, len(events), 1000))["events"]:
        events += page
    return events


async def stream_version(services: Services, game_id: str) -> int:
    version: int = plain(await services.queries.view(game_id, None))["version"]
    return version


@pytest.mark.parametrize(("entropy", "reason"), REFUSED)
async def test_the_services_refuse_bad_entropy_and_change_nothing(
    services: Services, entropy: object, reason: str
) -> None:
    created = plain(await services.commands.create("six-nimmt", 2, None, None, None))
    game_id = created["game_id"]
    before = await stream_version(services, game_id)
    with pytest.raises(RuleViolation) as refusal:
        await services.commands.join(game_id, None, "ann", None, None, entropy)
    assert refusal.value.code == "invalid_entropy" and refusal.value.details["reason"] == reason
    assert await stream_version(services, game_id) == before
    assert len(await services.repo.store.read_stream(game_id)) == before
    assert plain(await services.queries.view(game_id, None))["players"][0]["name"] is None


async def test_the_services_refuse_a_bot_with_entropy_and_change_nothing(services: Services) -> None:
    created = plain(await services.commands.create("six-nimmt", 2, None, None, None))
    game_id, admin = created["game_id"], created["admin_token"]
    before = await stream_version(services, game_id)
    with pytest.raises(RuleViolation) as refusal:
        await services.commands.join(game_id, admin, None, None, "smart", "abc")
    assert refusal.value.code == "invalid_entropy" and refusal.value.details["reason"] == "bot"
    assert await stream_version(services, game_id) == before


async def test_the_services_record_a_seats_entropy_and_the_start_fixes_it(services: Services) -> None:
    created = plain(await services.commands.create("six-nimmt", 2, None, None, None))
    game_id, admin = created["game_id"], created["admin_token"]
    assert created["dealing"] == 3  # public entropy, as a client of dealing 2 sends it, is still taken
    await services.commands.join(game_id, None, "ann", None, None, "ann-device")
    await services.commands.join(game_id, None, "bob", None, None)
    await services.commands.start(game_id, admin)
    view = plain(await services.queries.view(game_id, None))
    assert [p["entropy"] for p in view["players"]] == ["ann-device", ""]
    events = await every_event(services, game_id, None)
    (started,) = [e for e in events if e["type"] == "GameStarted"]
    assert started["data"]["entropy"] == ["ann-device", ""]


async def test_a_client_seed_is_refused_outside_test_mode_and_creates_nothing() -> None:
    adapters = fresh_adapters()
    production = wire(adapters, Settings())
    with pytest.raises(RuleViolation) as refusal:
        await production.commands.create("six-nimmt", 2, None, "ab" * 32, None)
    assert refusal.value.code == "client_seed_not_allowed"
    assert await adapters.store.game_ids(None, 100) == []
    assert plain(await production.queries.listing(None, None, 100))["games"] == []
    # without a seed, the same server creates the game, seeded by itself
    created = plain(await production.commands.create("six-nimmt", 2, None, None, None))
    assert created["seed_source"] == "server"
    assert await adapters.store.game_ids(None, 100) == [created["game_id"]]


async def test_in_test_mode_a_client_seeded_game_says_so(services: Services) -> None:
    client = plain(await services.commands.create("six-nimmt", 2, None, SEED_HEX, None))
    server = plain(await services.commands.create("six-nimmt", 2, None, None, None))
    assert client["seed_source"] == "client" and server["seed_source"] == "server"
    assert plain(await services.queries.view(client["game_id"], None))["seed_source"] == "client"
    assert plain(await services.queries.view(server["game_id"], None))["seed_source"] == "server"
    first = plain(await services.queries.events(client["game_id"], None, 0, 1))["events"][0]
    assert first["type"] == "GameCreated" and first["data"]["seed_source"] == "client"
    listed = {g["game_id"]: g["seed_source"] for g in plain(await services.queries.listing(None, None, 100))["games"]}
    assert listed == {client["game_id"]: "client", server["game_id"]: "server"}


async def test_two_games_on_the_same_client_seed_have_different_commitments(services: Services) -> None:
    one = plain(await services.commands.create("six-nimmt", 2, None, SEED_HEX, None))
    two = plain(await services.commands.create("six-nimmt", 2, None, SEED_HEX, None))
    assert one["seed_commitment"] != two["seed_commitment"]
    seed = bytes.fromhex(SEED_HEX)
    assert one["seed_commitment"] == spec_commitment(one["game_id"], seed, one["dealing"])
    assert two["seed_commitment"] == spec_commitment(two["game_id"], seed, two["dealing"])


# --- the recorded commands ---------------------------------------------------------------------------------


def recorded_plays(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    return [
        e["data"]
        for e in events
        if e["type"] == "CommandAccepted"
        and e["data"]["command"]["action"] == "play"
        and e["data"]["command"]["seat"] == seat
    ]


async def test_a_move_is_shown_to_its_sender_only_while_the_game_runs(services: Services) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 2)
    card = plain(await services.queries.view(game_id, tokens[0]))["state"]["hand"][0]
    answer = plain(
        await services.commands.command(
            game_id, tokens[0], msgspec.json.encode({"type": "play_card", "card": card}), None, None
        )
    )
    whole = {"by": "player", "command": {"action": "play", "seat": 0, "command": {"type": "play_card", "card": card}}}
    assert answer["events"][0] == {**answer["events"][0], "type": "CommandAccepted", "data": whole}
    assert [e["type"] for e in answer["events"]] == ["CommandAccepted", "CardChosen"]

    hidden = {"by": "player", "command": {"action": "play", "seat": 0, "command": {"type": "play_card"}}}
    mine = await every_event(services, game_id, tokens[0])
    theirs = await every_event(services, game_id, tokens[1])
    anyone = await every_event(services, game_id, None)
    assert recorded_plays(mine, 0) == [whole]
    assert recorded_plays(theirs, 0) == [hidden]
    assert recorded_plays(anyone, 0) == [hidden]
    # the lobby's commands hide nothing: a seat's entropy is public
    joins = [e["data"]["command"] for e in theirs if e["type"] == "CommandAccepted"][:2]
    assert [j["action"] for j in joins] == ["join", "join"] and joins[0]["name"] == "p0"

    await play_to_end(services, game_id, tokens)
    assert plain(await services.queries.view(game_id, None))["status"] == "finished"
    # once it has ended, everyone sees every move whole: one record for all
    seen = [await every_event(services, game_id, token) for token in (tokens[1], None, tokens[0])]
    assert seen[0] == seen[1] == seen[2]
    assert recorded_plays(seen[0], 0)[0] == whole
    moves = [p["command"]["command"] for p in recorded_plays(seen[0], 0) + recorded_plays(seen[0], 1)]
    assert moves and all(set(m) - {"type"} for m in moves), "a move still shown as its type alone"


def test_a_timed_out_move_is_hidden_as_a_played_one() -> None:
    events = seated("g-1", ["", ""])
    table = tables.fold(GAME, events)
    assert table.status == "active" and table.inner is not None
    hands = table.inner.hands
    recorded = CommandAccepted(by="timer", command=TimeOut(seat=0, command=PlayCard(card=hands[0][0])))
    hidden = CommandAccepted(by="timer", command=TimeOut(seat=0, command={"type": "play_card"}))
    assert tables.redact(GAME, table, recorded, seat_viewer(1)) == hidden
    assert tables.redact(GAME, table, recorded, SPECTATOR) == hidden
    assert tables.redact(GAME, table, recorded, seat_viewer(0)) == recorded
    assert tables.redact(GAME, table, recorded, EVERYONE) == recorded
    joined = CommandAccepted(by="player", command=Join(name="ann", entropy="abc"))
    assert tables.redact(GAME, table, joined, SPECTATOR) == joined
    played = CommandAccepted(by="player", command=Play(seat=1, command=PlayCard(card=hands[1][0])))
    assert tables.redact(GAME, table, played, seat_viewer(0)).command.command == {"type": "play_card"}
