"""The table around every game: create, join, start, play, end and the seed reveal (six-nimmt as the game)."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec
import pytest

from domain.games.barbu.events import Passed
from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.commands import PlayCard
from domain.games.six_nimmt.state import RULES
from domain.kernel import table as tables
from domain.kernel.errors import RuleViolation
from domain.kernel.events import DeckShuffled, GameCreated, GameEnded, GameStarted, PlayerJoined
from domain.kernel.table import Seat, Table
from domain.kernel.viewer import SPECTATOR, seat_viewer
from tests.unit.harness import SEED, Game, assert_replay_equals_live, encoded

COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"  # sha256 of SEED, dealing.md
# dealing.md version 2, bound to the game: sha256(UTF8("tapis-commit-v2:g-1:") || SEED)
COMMITMENT_G1 = "62388a3ae4c68f36b244f83df34ed6fad9ca55e23c77a27291b324271c7570e7"


def lobby(players: int = 3) -> Table[Any]:
    (created,) = tables.create(GAME, "g-1", players, None, SEED)
    return tables.initial(created)


def joined(table: Table[Any], *names: str) -> Table[Any]:
    for name in names:
        for event in tables.join(table, name, None, None):
            table = tables.evolve(GAME, table, event)
    return table


def refused(table: Table[Any], attempt: Any) -> str:
    before = encoded(table)
    with pytest.raises(RuleViolation) as refusal:
        attempt()
    assert encoded(table) == before
    return refusal.value.code


def finished() -> Game:
    game = Game(GAME, 2, {"end": {"kind": "rounds", "rounds": 1}})
    game.play_out()
    return game


# --- create ----------------------------------------------------------------------------------------------


def test_create_publishes_the_commitment_never_the_seed() -> None:
    # dealing 2: the commitment is bound to the game's id
    (created,) = tables.create(GAME, "g-1", 3, {"deck": "full"}, SEED, dealing=2)
    assert created == GameCreated(
        game="six-nimmt",
        game_id="g-1",
        players=3,
        options={"deck": "full", "end": {"kind": "threshold", "points": 66}, "variant": "standard"},
        seed_commitment=COMMITMENT_G1,
        dealing=2,
        rules=RULES,
    )
    assert hashlib.sha256(b"tapis-commit-v2:g-1:" + SEED).hexdigest() == COMMITMENT_G1
    assert SEED.hex() not in repr(created)
    # a game recorded under version 1 published sha256(seed)
    (older,) = tables.create(GAME, "g-1", 3, {"deck": "full"}, SEED, dealing=1)
    assert older == msgspec.structs.replace(created, seed_commitment=COMMITMENT, dealing=1)
    assert SEED.hex() not in repr(older)
    # a new game is dealt by version 3: the commitment under its own prefix, and its bots' budget recorded
    (today,) = tables.create(GAME, "g-1", 3, {"deck": "full"}, SEED)
    v3 = hashlib.sha256(b"tapis-commit-v3:g-1:" + SEED).hexdigest()
    assert today == msgspec.structs.replace(created, seed_commitment=v3, dealing=3, bot_budget=1000)


def test_a_game_records_the_rules_version_it_was_created_under() -> None:
    # new games are played by the current rules; a GameCreated without `rules` (recorded before) says 1, for ever
    (created,) = tables.create(GAME, "g-1", 3, None, SEED)
    assert (created.rules, tables.initial(created).rules) == (RULES, RULES) and RULES == 2
    (older,) = tables.create(GAME, "g-1", 3, None, SEED, rules_version=1)
    assert b'"rules"' not in msgspec.json.encode(older)  # what a release before rules versions wrote
    assert msgspec.json.decode(msgspec.json.encode(older), type=GameCreated).rules == 1
    table = tables.initial(older)
    assert table.rules == 1
    for event in tables.join(table, "a", None, None):
        table = tables.evolve(GAME, table, event)
    started = tables.evolve(GAME, table, GameStarted())
    assert started.inner is not None
    assert started.inner.rules == 1, "the game's state knows the version it is played by"
    with pytest.raises(ValueError):
        tables.create(GAME, "g-1", 3, None, SEED, rules_version=3)


def test_a_new_table_is_an_empty_lobby() -> None:
    table = lobby(3)
    assert table.status == "lobby"
    assert table.seats == [None, None, None]
    assert table.version == 1
    assert table.inner is None
    assert table.seed is None


@pytest.mark.parametrize("players", [1, 11])
def test_create_refuses_a_player_count_outside_the_game(players: int) -> None:
    with pytest.raises(RuleViolation) as refusal:
        tables.create(GAME, "g-1", players, None, SEED)
    assert refusal.value.code == "invalid_players"


@pytest.mark.parametrize("options", [{"deck": 3}, {"end": {"kind": "rounds", "rounds": 0}}, {"unknown": True}])
def test_create_refuses_bad_options(options: dict[str, Any]) -> None:
    with pytest.raises(RuleViolation) as refusal:
        tables.create(GAME, "g-1", 3, options, SEED)
    assert refusal.value.code == "invalid_options"


# --- join ------------------------------------------------------------------------------------------------


def test_join_takes_the_first_free_seat() -> None:
    table = joined(lobby(3), "ann", "bob")
    assert table.seats == [Seat(name="ann"), Seat(name="bob"), None]
    assert table.version == 3


def test_join_a_chosen_seat() -> None:
    table = lobby(3)
    (event,) = tables.join(table, "  cat  ", 2, "smart")
    assert event == PlayerJoined(seat=2, name="cat", bot="smart")
    table = tables.evolve(GAME, table, event)
    (event,) = tables.join(table, "dan", None, None)
    assert event.seat == 0


def test_join_refuses_a_taken_seat() -> None:
    table = joined(lobby(3), "ann")
    assert refused(table, lambda: tables.join(table, "bob", 0, None)) == "seat_taken"


@pytest.mark.parametrize("seat", [-1, 3, 10])
def test_join_refuses_a_seat_that_does_not_exist(seat: int) -> None:
    table = lobby(3)
    assert refused(table, lambda: tables.join(table, "ann", seat, None)) == "invalid_seat"


def test_join_refuses_a_full_table() -> None:
    table = joined(lobby(2), "ann", "bob")
    assert refused(table, lambda: tables.join(table, "cat", None, None)) == "game_full"
    assert refused(table, lambda: tables.join(table, "cat", 0, None)) == "game_full"


@pytest.mark.parametrize("name", ["", "   ", "x" * 41])
def test_join_refuses_a_bad_name(name: str) -> None:
    table = lobby(2)
    assert refused(table, lambda: tables.join(table, name, None, None)) == "invalid_name"


def test_join_refuses_once_started() -> None:
    game = Game(GAME, 2)
    game.start()
    assert refused(game.table, lambda: tables.join(game.table, "late", None, None)) == "already_started"


# --- start -----------------------------------------------------------------------------------------------


def test_start_refuses_empty_seats() -> None:
    table = joined(lobby(3), "ann")
    with pytest.raises(RuleViolation) as refusal:
        tables.start(GAME, table, SEED)
    assert refusal.value.code == "seats_empty"
    assert refusal.value.details == {"empty": [1, 2]}
    assert table.status == "lobby"


def test_start_deals_with_the_first_shuffle() -> None:
    game = Game(GAME, 3)
    events = game.start()
    assert isinstance(events[0], GameStarted)
    assert isinstance(events[1], DeckShuffled)
    assert events[1].label == "shuffle:0"
    assert game.table.status == "active"
    assert game.table.shuffles == 1
    assert game.table.version == 1 + 3 + len(events)


def test_start_refuses_twice() -> None:
    game = Game(GAME, 2)
    game.start()
    assert refused(game.table, lambda: tables.start(GAME, game.table, SEED)) == "already_started"


# --- play ------------------------------------------------------------------------------------------------


def test_play_refuses_before_the_start() -> None:
    table = joined(lobby(2), "ann", "bob")
    assert refused(table, lambda: tables.play(GAME, table, 0, PlayCard(card=1), SEED)) == "game_not_active"


def test_play_refuses_after_the_end() -> None:
    game = finished()
    assert refused(game.table, lambda: tables.play(GAME, game.table, 0, PlayCard(card=1), SEED)) == "game_not_active"


def test_a_game_refusal_leaves_the_table_as_it_was() -> None:
    game = Game(GAME, 2)
    game.start()
    card = game.state.hands[1][0]
    assert refused(game.table, lambda: tables.play(GAME, game.table, 0, PlayCard(card=card), SEED)) == (
        "card_not_in_hand"
    )


def test_every_event_bumps_the_version() -> None:
    game = finished()
    assert game.table.version == len(game.events)


# --- end -------------------------------------------------------------------------------------------------


def test_game_ended_reveals_the_seed_of_the_commitment() -> None:
    game = finished()
    ended = game.events[-1]
    assert isinstance(ended, GameEnded)
    assert bytes.fromhex(ended.seed) == SEED
    assert hashlib.sha256(bytes.fromhex(ended.seed)).hexdigest() == game.table.seed_commitment == COMMITMENT
    assert game.table.status == "finished"
    assert game.table.seed == ended.seed
    assert ended.scores == game.state.totals
    assert ended.winners == GAME.winners(game.state)
    assert len([e for e in game.events if isinstance(e, GameEnded)]) == 1


def test_the_view_shows_the_seed_only_after_the_end() -> None:
    game = Game(GAME, 2, {"end": {"kind": "rounds", "rounds": 1}})
    game.start()
    running = msgspec.to_builtins(tables.view(GAME, game.table, seat_viewer(0)))
    assert running["seed"] is None
    assert running["seed_commitment"] == COMMITMENT
    assert running["winners"] == []
    game.play_out()
    over = msgspec.to_builtins(tables.view(GAME, game.table, SPECTATOR))
    assert over["seed"] == SEED.hex()
    assert over["status"] == "finished"
    assert over["winners"] == game.table.winners
    assert over["awaiting"] == []


def test_deck_shuffled_is_redacted_while_the_game_runs() -> None:
    game = Game(GAME, 2, {"end": {"kind": "rounds", "rounds": 1}})
    game.start()
    shuffled = next(e for e in game.events if isinstance(e, DeckShuffled))
    assert len(shuffled.order) == 24
    for viewer in (seat_viewer(0), seat_viewer(1), SPECTATOR):
        assert tables.redact(GAME, game.table, shuffled, viewer) == DeckShuffled(label="shuffle:0", size=24)


def test_deck_shuffled_is_whole_after_the_end() -> None:
    game = finished()
    shuffled = next(e for e in game.events if isinstance(e, DeckShuffled))
    for viewer in (seat_viewer(0), seat_viewer(1), SPECTATOR):
        assert tables.redact(GAME, game.table, shuffled, viewer) == shuffled


def test_lifecycle_events_are_public() -> None:
    game = finished()
    for event in game.events:
        if isinstance(event, GameCreated | PlayerJoined | GameStarted | GameEnded):
            assert tables.redact(GAME, game.table, event, SPECTATOR) == event


# --- replay ----------------------------------------------------------------------------------------------


def test_replay_equals_live() -> None:
    assert_replay_equals_live(finished())


def test_a_stream_starts_with_game_created() -> None:
    game = finished()
    with pytest.raises(ValueError, match="GameCreated"):
        tables.fold(GAME, game.events[1:])


def test_the_next_bot_move_is_an_awaited_bots_and_none_once_only_people_are_awaited() -> None:
    table = lobby(3)
    for name, bot in (("ana", None), ("b1", "smart"), ("b2", "random")):
        for event in tables.join(table, name, None, bot):
            table = tables.evolve(GAME, table, event)
    assert tables.next_bot_move(GAME, table, SEED) is None, "a game in the lobby has no moves"
    for event in tables.start(GAME, table, SEED):
        table = tables.evolve(GAME, table, event)
    played = []
    while (chosen := tables.next_bot_move(GAME, table, SEED)) is not None:
        assert chosen.level == ("smart" if chosen.seat == 1 else "random")
        played.append(chosen.seat)
        for event in tables.play(GAME, table, chosen.seat, chosen.command, SEED):
            table = tables.evolve(GAME, table, event)
    assert played == [1, 2], "both bots choose their card; then the game waits for the person only"
    assert table.inner is not None
    assert GAME.awaiting(table.inner) == [0]


def test_the_table_hands_the_game_only_its_own_events() -> None:
    # an event of neither the table nor the game (here another game's) is an error, never passed over in silence
    game = Game(GAME, 2)
    game.start()
    with pytest.raises(TypeError, match="neither the table nor six-nimmt"):
        tables.evolve(GAME, game.table, Passed(seat=0))
