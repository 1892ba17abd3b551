"""Seats over time in the table: leaving the lobby, forfeiting to a bot, the turn timer, the rematch link."""

from __future__ import annotations

from typing import Any

from domain.games.six_nimmt import GAME
from domain.kernel import table as tables
from domain.kernel.events import BotTookOver, PlayerJoined, PlayerLeft, RematchCreated, SeatForfeited, TurnTimedOut
from domain.kernel.table import Seat, Table
from domain.kernel.viewer import SPECTATOR
from tests.unit.harness import SEED
from tests.unit.kernel.test_table import finished, joined, lobby, refused


def applied(table: Table[Any], events: list[Any]) -> Table[Any]:
    for event in events:
        table = tables.evolve(GAME, table, event)
    return table


def started(players: int = 2, turn_seconds: int | None = None) -> Table[Any]:
    (created,) = tables.create(GAME, "g-1", players, None, SEED, turn_seconds)
    table = joined(tables.initial(created), *(f"p{i}" for i in range(players)))
    return applied(table, tables.start(GAME, table, SEED))


def test_leaving_the_lobby_frees_the_seat_for_someone_else() -> None:
    table = joined(lobby(3), "ann", "bob")
    events = tables.leave(table, 0)
    assert events == [PlayerLeft(seat=0)]
    table = applied(table, events)
    assert table.seats[0] is None
    assert tables.join(table, "cy", None, None) == [PlayerJoined(seat=0, name="cy")]
    assert refused(table, lambda: tables.leave(table, 0)) == "seat_gone"


def test_no_leaving_once_started() -> None:
    table = started()
    assert refused(table, lambda: tables.leave(table, 0)) == "already_started"


def test_forfeit_hands_the_seat_to_the_smart_bot_once() -> None:
    table = started()
    events = tables.forfeit(table, 1)
    assert events == [SeatForfeited(seat=1), BotTookOver(seat=1, bot="smart")]
    table = applied(table, events)
    assert table.seats[1] == Seat(name="p1", bot="smart")
    assert refused(table, lambda: tables.forfeit(table, 1)) == "seat_gone"
    assert refused(table, lambda: tables.check_human(table, 1)) == "seat_gone"
    assert all(tables.redact(GAME, table, e, SPECTATOR) == e for e in events)


def test_forfeit_in_the_lobby_is_refused() -> None:
    table = joined(lobby(2), "ann", "bob")
    assert refused(table, lambda: tables.forfeit(table, 0)) == "game_not_active"


def test_a_timeout_plays_the_bot_move_for_every_awaited_seat() -> None:
    table = started(2, turn_seconds=30)
    assert table.turn_seconds == 30
    assert table.inner is not None
    awaited = GAME.awaiting(table.inner)
    events = tables.play_for_late_seats(GAME, table, awaited, SEED)
    timed = [e.seat for e in events if isinstance(e, TurnTimedOut)]
    assert timed == awaited
    after = applied(table, events)
    assert after.version == table.version + len(events)
    assert tables.play_for_late_seats(GAME, table, awaited, SEED) == events  # the bot's draws come from the seed


def test_turn_seconds_out_of_range_is_refused() -> None:
    table = lobby()
    assert refused(table, lambda: tables.create(GAME, "g", 2, None, SEED, 0)) == "invalid_turn_seconds"


def test_rematch_only_after_the_end_and_only_once() -> None:
    table = started()
    assert refused(table, lambda: tables.rematch(table, "next")) == "game_not_finished"
    ended = finished().table
    events = tables.rematch(ended, "next")
    assert events == [RematchCreated(game_id="next")]
    ended = applied(ended, events)
    assert ended.rematch == "next" and ended.status == "finished"
    assert refused(ended, lambda: tables.rematch(ended, "other")) == "rematch_exists"
