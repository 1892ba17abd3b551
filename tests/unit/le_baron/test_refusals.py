"""Each bad input: its stable code, and the table byte for byte as it was."""

from __future__ import annotations

from typing import Any

import pytest

from domain.games.le_baron import GAME
from domain.games.le_baron.commands import ChooseRow, PlayCard
from domain.kernel import table as tables
from domain.kernel.errors import RuleViolation
from tests.unit.harness import SEED, Game, encoded
from tests.unit.le_baron.positions import position, refused


def refused_at_table(game: Game, seat: int, command: Any) -> str:
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


def asked(kind: str) -> Game:
    """A seeded game played by bots up to the first `choose_row` of that kind."""
    for k in range(50):
        game = Game(GAME, 6, seed=bytes([k]) * 32)
        game.start()
        while game.table.status == "active":
            if game.state.phase == "choose_row" and game.state.ask_reason == kind:
                return game
            game.bot_step()
    raise AssertionError(f"no {kind} question in 50 games")


def test_a_card_from_the_own_pile() -> None:
    game = started()
    assert refused_at_table(game, 0, PlayCard(card=game.state.piles[0][0])) == "card_not_in_hand"


def test_a_card_from_another_hand_or_pile() -> None:
    game = started()
    assert refused_at_table(game, 0, PlayCard(card=game.state.hands[1][0])) == "card_not_in_hand"
    assert refused_at_table(game, 0, PlayCard(card=game.state.piles[2][-1])) == "card_not_in_hand"


def test_the_refusal_does_not_tell_the_pile_from_elsewhere() -> None:
    """The pile is secret to its owner too: the same code and message whatever the card is."""
    game = started()
    pile_card, box_card = game.state.piles[0][0], game.state.box[0]
    messages = set()
    for card in (pile_card, box_card):
        with pytest.raises(RuleViolation) as refusal:
            game.play(0, PlayCard(card=card))
        messages.add(refusal.value.message.replace(str(card), "N"))
    assert len(messages) == 1


@pytest.mark.parametrize("card", [0, -1, 111, 10**9])
def test_a_card_that_does_not_exist(card: int) -> None:
    assert refused_at_table(started(), 0, PlayCard(card=card)) == "card_not_in_hand"


def test_a_row_card() -> None:
    game = started()
    assert refused_at_table(game, 0, PlayCard(card=game.state.rows[0][0])) == "card_not_in_hand"


def test_choosing_a_row_when_nobody_is_asked() -> None:
    assert refused_at_table(started(), 0, ChooseRow(row=0)) == "not_asked"


def test_choosing_a_row_when_another_seat_is_asked() -> None:
    game = asked("placement")
    other = (game.state.asked + 1) % 6
    assert refused_at_table(game, other, ChooseRow(row=game.state.choices[0])) == "not_asked"


def test_playing_a_card_while_a_row_is_asked() -> None:
    game = asked("no_match")
    other = (game.state.asked + 1) % 6
    assert refused_at_table(game, other, PlayCard(card=game.state.hands[other][0])) == "wrong_phase"


def test_choosing_a_row_that_does_not_match() -> None:
    game = asked("placement")
    wrong = next(r for r in range(5) if r not in game.state.choices)
    assert refused_at_table(game, game.state.asked, ChooseRow(row=wrong)) == "row_not_matching"


@pytest.mark.parametrize("row", [-1, 5, 99])
def test_a_row_that_does_not_exist(row: int) -> None:
    for kind in ("placement", "no_match"):
        game = asked(kind)
        assert refused_at_table(game, game.state.asked, ChooseRow(row=row)) == "invalid_row"


def test_a_move_after_the_end() -> None:
    game = started(2)
    game.play_out()
    assert refused_at_table(game, 0, PlayCard(card=1)) == "game_not_active"
    assert refused(game.state, 0, PlayCard(card=1)) == "wrong_phase"


def test_a_hand_built_refusal_changes_nothing() -> None:
    state = position([[84, 3], [88, 57]], [[7], [24], [34], [11], [56]])
    assert refused(state, 0, PlayCard(card=88)) == "card_not_in_hand"
    assert refused(state, 1, ChooseRow(row=0)) == "not_asked"


@pytest.mark.parametrize("players", [0, 1, 11, 12])
def test_players_out_of_range(players: int) -> None:
    with pytest.raises(RuleViolation) as refusal:
        tables.create(GAME, "g", players, None, SEED)
    assert refusal.value.code == "invalid_players"


@pytest.mark.parametrize(
    "options",
    [
        {"variants": ["pro"]},
        {"variants": ["colour_first", "unknown"]},
        {"variants": ["positive", "positive"]},
        {"variants": "positive"},
        {"rounds": 0},
        {"rounds": 21},
        {"rounds": "two"},
        {"deck": "full"},
    ],
)
def test_options_out_of_range(options: dict[str, Any]) -> None:
    with pytest.raises(RuleViolation) as refusal:
        tables.create(GAME, "g", 4, options, SEED)
    assert refusal.value.code == "invalid_options"


def test_options_in_range() -> None:
    accepted: list[dict[str, Any]] = [{}, {"rounds": 20}, {"variants": ["positive", "colour_first"]}, {"variants": []}]
    for options in accepted:
        (created,) = tables.create(GAME, "g", 4, options, SEED)
        assert created.options["rounds"] in (1, 20)
    (created,) = tables.create(GAME, "g", 10, None, SEED)
    assert created.options == {"rounds": 1, "variants": []}
