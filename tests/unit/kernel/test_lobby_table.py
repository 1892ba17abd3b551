"""Lobby control in the table (issue 16): the admin removing a seat, names normalised and unique, a private game's
flag, and the lobby's expiry. Each refusal changes nothing; each new command re-executes through `accept`."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.games.six_nimmt import GAME
from domain.kernel import table as tables
from domain.kernel.events import CommandAccepted, GameCreated, LobbyExpired, PlayerJoined, PlayerLeft
from domain.kernel.table import Table
from domain.kernel.table_commands import Expire, Join, RemoveSeat, Start
from domain.kernel.viewer import SPECTATOR
from tests.unit.harness import SEED
from tests.unit.kernel.test_seats import applied, started
from tests.unit.kernel.test_table import joined, lobby, refused

# --- the admin removes a seat ---------------------------------------------------------------------------------


def test_the_admin_removes_a_seat_in_the_lobby_as_a_leave_would_free_it() -> None:
    table = joined(lobby(3), "ann", "bob")
    events = tables.accept(GAME, table, RemoveSeat(seat=1), "admin", SEED)
    assert events == [CommandAccepted(by="admin", command=RemoveSeat(seat=1)), PlayerLeft(seat=1)]
    table = applied(table, events)
    assert table.seats[1] is None and table.seats[0] is not None
    assert all(tables.redact(GAME, table, e, SPECTATOR) == e for e in events)
    # the seat is free for someone else
    assert tables.join(table, "cy", 1, None) == [PlayerJoined(seat=1, name="cy")]


@pytest.mark.parametrize(("seat", "code"), [(2, "seat_gone"), (3, "invalid_seat"), (-1, "invalid_seat")])
def test_removing_an_empty_or_unknown_seat_is_refused(seat: int, code: str) -> None:
    table = joined(lobby(3), "ann", "bob")
    assert refused(table, lambda: tables.accept(GAME, table, RemoveSeat(seat=seat), "admin", SEED)) == code


def test_no_removing_once_started() -> None:
    table = started()
    assert refused(table, lambda: tables.remove_seat(table, 0)) == "already_started"


# --- names --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("  ann  ", "ann"),
        ("ann   lee", "ann lee"),
        ("\uff21\uff4e\uff4e", "Ann"),  # fullwidth letters: NFKC
        ("ann\u00a0lee", "ann lee"),  # a no-break space is a space
        ("\u3000ann", "ann"),  # an ideographic space too
        ("ﬁne", "fine"),  # a ligature
        ("José", "José"),  # composed by NFKC whichever way it was sent
        ("Jose\u0301", "José"),
        ("李小龍", "李小龍"),
        ("🙂", "🙂"),  # a symbol shows
    ],
)
def test_names_are_normalised(raw: str, name: str) -> None:
    assert tables.normal_name(raw) == name


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("\u3000\u00a0", "empty"),
        ("\u0301\u0301", "empty"),  # combining marks alone draw nothing
        ("\u200b", "invisible"),  # zero width space (Cf)
        ("ann\u200b", "invisible"),
        ("\u202eann", "invisible"),  # right-to-left override (Cf)
        ("ann\u2066", "invisible"),  # a bidi isolate
        ("\ufeffann", "invisible"),  # a byte order mark
        ("ann\nbob", "invisible"),  # a control (Cc) anywhere, even one that looks like whitespace
        ("ann\t", "invisible"),
        ("ann\x7f", "invisible"),
        ("ann\u2028", "invisible"),  # line separator (Zl)
        ("ann\u2029", "invisible"),  # paragraph separator (Zp)
        ("\ue000", "invisible"),  # private use
        ("\u3164", "invisible"),  # the Hangul filler: a letter that draws nothing
        ("ann\u2800", "invisible"),  # braille blank
        ("a" * 41, "too_long"),
        ("\ufdfa" * 3, "too_long"),  # three characters that NFKC makes 56: the bound is on what is shown
    ],
)
def test_names_that_show_nothing_or_hide_something_are_refused(raw: str, reason: str) -> None:
    table = lobby(3)
    with pytest.raises(Exception) as refusal:
        tables.seat_name(table, raw, None)
    assert getattr(refusal.value, "code", None) == "invalid_name"
    assert refusal.value.details == {"reason": reason}  # type: ignore[attr-defined]


def test_a_name_of_forty_characters_is_taken() -> None:
    assert tables.normal_name("a" * 40) == "a" * 40


@pytest.mark.parametrize("other", ["ann", "ANN", "Ann ", "\uff21\uff4e\uff4e", "\uff41\uff2e\uff4e"])
def test_a_name_is_unique_in_its_game_whatever_its_case_or_width(other: str) -> None:
    table = joined(lobby(3), "Ann")
    assert refused(table, lambda: tables.seat_name(table, other, None)) == "name_taken"
    with pytest.raises(Exception) as taken:
        tables.seat_name(table, other, None)
    assert taken.value.details == {"seat": 0}  # type: ignore[attr-defined]


def test_a_name_set_free_by_a_leave_may_be_taken_again() -> None:
    table = joined(lobby(3), "ann", "bob")
    table = applied(table, tables.leave(table, 0))
    assert tables.seat_name(table, "ANN", None) == "ANN"


def test_bots_get_the_first_free_default_name() -> None:
    table = lobby(4)
    names = []
    for _ in range(3):
        name = tables.seat_name(table, None, "smart")
        names.append(name)
        table = applied(table, tables.join(table, name, None, "smart"))
    assert names == ["smart bot", "smart bot 2", "smart bot 3"]
    # a person who took a bot's name first pushes the bot on
    table = joined(lobby(3), "Random Bot")
    assert tables.seat_name(table, None, "random") == "random bot 2"
    # a bot given a name is held to it like a person
    assert refused(table, lambda: tables.seat_name(table, "random bot", "random")) == "name_taken"


def test_a_join_the_game_cannot_take_is_refused_before_its_name_is_looked_at() -> None:
    full = joined(lobby(2), "ann", "bob")
    assert refused(full, lambda: tables.seat_name(full, "ann", None)) == "game_full"
    running = started()
    assert refused(running, lambda: tables.seat_name(running, "\u200b", None)) == "already_started"


def test_a_game_recorded_before_names_were_checked_re_executes_as_it_was_played() -> None:
    # two "smart bot"s, and a name that is refused now: the table's join takes them as the service recorded them
    # (such a game was dealt by dealing 2: every game of dealing 3 came after the names were checked)
    (created,) = tables.create(GAME, "g-1", 3, None, SEED, dealing=2)
    table = tables.initial(created)
    for name in ["smart bot", "smart bot", " x\u200b "]:
        table = applied(table, tables.accept(GAME, table, Join(name=name, bot="smart"), "admin", SEED))
    assert [s.name for s in table.seats if s is not None] == ["smart bot", "smart bot", "x\u200b"]


# --- private --------------------------------------------------------------------------------------------------


def test_a_private_game_says_so_and_a_public_one_stores_nothing_new() -> None:
    (public,) = tables.create(GAME, "g-1", 3, None, SEED)
    (private,) = tables.create(GAME, "g-1", 3, None, SEED, private=True)
    assert isinstance(private, GameCreated) and private.private and not public.private
    assert b"private" not in msgspec.json.encode(public)  # omitted: a public game's event is as before
    table = tables.initial(private)
    assert table.private and tables.view(GAME, table, SPECTATOR).private
    assert not tables.view(GAME, tables.initial(public), SPECTATOR).private


# --- expiry ---------------------------------------------------------------------------------------------------


def expired(table: Table[Any]) -> Table[Any]:
    events = tables.accept(GAME, table, Expire(), "timer", SEED)
    assert events == [CommandAccepted(by="timer", command=Expire()), LobbyExpired()]
    return applied(table, events)


def test_an_expired_lobby_refuses_every_lobby_command_with_game_expired() -> None:
    table = expired(joined(lobby(3), "ann", "bob"))
    assert table.status == "expired"
    view = tables.view(GAME, table, SPECTATOR)
    assert view.status == "expired" and view.state is None and view.awaiting == []
    for attempt in [
        lambda: tables.accept(GAME, table, Join(name="cy"), "player", SEED),
        lambda: tables.accept(GAME, table, Start(), "admin", SEED),
        lambda: tables.accept(GAME, table, RemoveSeat(seat=0), "admin", SEED),
        lambda: tables.leave(table, 0),
        lambda: tables.expire(table),
        lambda: tables.seat_name(table, "cy", None),
    ]:
        assert refused(table, attempt) == "game_expired"
    assert refused(table, lambda: tables.forfeit(table, 0)) == "game_not_active"
    assert refused(table, lambda: tables.rematch(table, "next")) == "game_not_finished"


def test_a_started_game_does_not_expire() -> None:
    table = started()
    assert refused(table, lambda: tables.expire(table)) == "already_started"


def test_a_join_seats_the_normal_name_and_refuses_an_invisible_one() -> None:
    # the table applies the name rule itself (dealing 3): the audit re-executing a recorded join applies it too
    table = lobby(3)
    events = tables.accept(GAME, table, Join(name="  \uff21nn \u3000 Lee "), "player", SEED)
    assert [e.name for e in events if isinstance(e, PlayerJoined)] == ["Ann Lee"]
    assert refused(table, lambda: tables.accept(GAME, table, Join(name=" x\u200b "), "player", SEED)) == "invalid_name"
    assert refused(table, lambda: tables.join(table, "\u3164", None, None)) == "invalid_name"
