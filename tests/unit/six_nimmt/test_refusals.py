"""Each bad input: its stable code, and the table byte for byte as it was."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.commands import ChooseRow, Command, DraftCard, PlayCard
from domain.kernel import table as tables
from domain.kernel.errors import RuleViolation
from tests.unit.harness import Game, encoded


def refused(game: Game, seat: int, command: Any) -> str:
    before, count = encoded(game.table), len(game.events)
    with pytest.raises(RuleViolation) as refusal:
        game.play(seat, command)
    assert encoded(game.table) == before
    assert len(game.events) == count
    return refusal.value.code


def started(players: int = 3, options: dict[str, Any] | None = None) -> Game:
    game = Game(GAME, players, options)
    game.start()
    return game


def asking() -> Game:
    """A seeded game played by bots up to the first `choose_row`."""
    game = started(10)
    while game.state.phase != "choose_row":
        game.bot_step()
    return game


def test_a_card_you_do_not_hold() -> None:
    game = started()
    others = game.state.hands[1][0]
    assert refused(game, 0, PlayCard(card=others)) == "card_not_in_hand"
    row_card = game.state.rows[0][0]
    assert refused(game, 0, PlayCard(card=row_card)) == "card_not_in_hand"


@pytest.mark.parametrize("card", [0, -3, 35, 105])
def test_a_card_outside_the_deck(card: int) -> None:
    assert refused(started(), 0, PlayCard(card=card)) == "card_not_in_hand"


def test_a_card_already_played_this_round() -> None:
    game = started(2)
    first = [game.state.hands[0][0], game.state.hands[1][0]]
    game.play(0, PlayCard(card=first[0]))
    game.play(1, PlayCard(card=first[1]))
    if game.state.phase == "choose_row":
        game.play(game.state.asked, ChooseRow(row=0))
    assert refused(game, 0, PlayCard(card=first[0])) == "card_not_in_hand"


def test_choose_row_when_nobody_is_asked() -> None:
    assert refused(started(), 0, ChooseRow(row=0)) == "not_asked"


def test_choose_row_by_a_seat_that_is_not_asked() -> None:
    game = asking()
    other = (game.state.asked + 1) % game.state.players
    assert refused(game, other, ChooseRow(row=0)) == "not_asked"


@pytest.mark.parametrize("row", [-1, 4, 99])
def test_a_row_out_of_range(row: int) -> None:
    game = asking()
    assert refused(game, game.state.asked, ChooseRow(row=row)) == "invalid_row"


def test_play_card_while_a_row_is_being_chosen() -> None:
    game = asking()
    other = (game.state.asked + 1) % game.state.players
    card = game.state.hands[other][0]
    assert refused(game, other, PlayCard(card=card)) == "wrong_phase"


def test_draft_card_in_the_standard_game() -> None:
    game = started()
    assert refused(game, 0, DraftCard(card=game.state.hands[0][0])) == "wrong_phase"


def test_draft_out_of_turn_and_a_card_not_in_the_pool() -> None:
    game = started(3, {"variant": "pro"})
    assert refused(game, 2, DraftCard(card=1)) == "not_your_turn"
    assert refused(game, 0, DraftCard(card=35)) == "card_not_available"


def test_any_command_after_the_end() -> None:
    game = Game(GAME, 2, {"end": {"kind": "rounds", "rounds": 1}})
    game.play_out()
    assert refused(game, 0, PlayCard(card=1)) == "game_not_active"


@pytest.mark.parametrize("players", [0, 1, 11, 12])
def test_players_out_of_range(players: int) -> None:
    with pytest.raises(RuleViolation) as refusal:
        tables.create(GAME, "g", players, None, bytes(32))
    assert refusal.value.code == "invalid_players"
    assert refusal.value.details == {"min": 2, "max": 10}


@pytest.mark.parametrize("players", [2, 10])
def test_players_at_the_bounds(players: int) -> None:
    (created,) = tables.create(GAME, "g", players, None, bytes(32))
    assert created.players == players


@pytest.mark.parametrize(
    "options",
    [
        {"end": {"kind": "threshold", "points": 0}},
        {"end": {"kind": "threshold", "points": 1001}},
        {"end": {"kind": "threshold", "points": "66"}},
        {"end": {"kind": "rounds", "rounds": 0}},
        {"end": {"kind": "rounds", "rounds": 101}},
        {"end": {"kind": "forever"}},
        {"end": {"kind": "rounds", "rounds": 2, "points": 3}},
        {"deck": "huge"},
        {"variant": "expert"},
        {"colour": "red"},
    ],
)
def test_options_out_of_range(options: dict[str, Any]) -> None:
    with pytest.raises(RuleViolation) as refusal:
        tables.create(GAME, "g", 4, options, bytes(32))
    assert refusal.value.code == "invalid_options"


@pytest.mark.parametrize(
    ("options", "normalised"),
    [
        (None, {"deck": "reduced", "end": {"kind": "threshold", "points": 66}, "variant": "standard"}),
        ({"end": {"kind": "rounds", "rounds": 100}}, {"end": {"kind": "rounds", "rounds": 100}}),
        ({"end": {"kind": "threshold", "points": 1}}, {"end": {"kind": "threshold", "points": 1}}),
        ({"deck": "full", "variant": "pro"}, {"deck": "full", "variant": "pro"}),
    ],
)
def test_options_in_range_are_kept_with_their_defaults(
    options: dict[str, Any] | None, normalised: dict[str, Any]
) -> None:
    (created,) = tables.create(GAME, "g", 4, options, bytes(32))
    assert created.options.items() >= normalised.items()


@pytest.mark.parametrize(
    "body",
    [
        b'{"type": "play_card", "card": 5, "row": 1}',
        b'{"type": "play_card"}',
        b'{"type": "play_card", "card": "5"}',
        b'{"type": "take_row", "row": 1}',
        b'{"card": 5}',
    ],
)
def test_malformed_command_bodies_do_not_decode(body: bytes) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(body, type=Command)


def test_command_bodies_decode_to_the_commands() -> None:
    assert msgspec.json.decode(b'{"type": "play_card", "card": 5}', type=Command) == PlayCard(card=5)
    assert msgspec.json.decode(b'{"type": "choose_row", "row": 0}', type=Command) == ChooseRow(row=0)
    assert msgspec.json.decode(b'{"type": "draft_card", "card": 9}', type=Command) == DraftCard(card=9)
