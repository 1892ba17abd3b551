"""What each viewer may see: hands to their owner, piles to nobody, choices to the chooser."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.games.le_baron import GAME
from domain.games.le_baron.events import (
    CardPlayed,
    CardsDealt,
    CardSlipped,
    HandRefilled,
    RoundEnded,
    RowChoiceRequested,
    RowTaken,
)
from domain.kernel import table as tables
from domain.kernel.events import DeckShuffled
from domain.kernel.rows import CardPlaced
from domain.kernel.secret_choice import CardsRevealed
from domain.kernel.viewer import EVERYONE, SPECTATOR, Viewer, seat_viewer
from tests.unit.harness import Game
from tests.unit.le_baron.positions import of_type, position

DEALT = CardsDealt(round=1, piles=[[1, 2], [3, 4]], pile_sizes=[2, 2], rows=[5, 6, 7, 8, 9], box=[10], box_size=1)
STATE = position([[], []], [[5], [6], [7], [8], [9]])
OWNER, OTHER = seat_viewer(0), seat_viewer(1)


def redact(event: Any, viewer: Viewer) -> Any:
    return GAME.redact(STATE, event, viewer)


def test_a_played_card_is_seen_by_its_player_only() -> None:
    played = CardPlayed(seat=0, card=42)
    assert redact(played, OWNER) == played
    assert redact(played, OTHER) == CardPlayed(seat=0, card=None)
    assert redact(played, SPECTATOR) == CardPlayed(seat=0, card=None)
    assert redact(played, EVERYONE) == played


def test_the_piles_and_the_box_are_seen_by_nobody_not_even_the_owner() -> None:
    for viewer in (OWNER, OTHER, SPECTATOR):
        hidden = redact(DEALT, viewer)
        assert hidden.piles == [[], []]
        assert hidden.box == []
        assert hidden.pile_sizes == [2, 2]
        assert hidden.box_size == 1
        assert hidden.rows == [5, 6, 7, 8, 9]
    assert redact(DEALT, EVERYONE) == DEALT


def test_a_refill_is_seen_by_the_hands_owner_only() -> None:
    refill = HandRefilled(seat=0, cards=[1, 2, 3, 4], count=4)
    assert redact(refill, OWNER) == refill
    assert redact(refill, OTHER) == HandRefilled(seat=0, cards=[], count=4)
    assert redact(refill, SPECTATOR) == HandRefilled(seat=0, cards=[], count=4)
    assert redact(refill, EVERYONE) == refill


@pytest.mark.parametrize(
    "event",
    [
        CardsRevealed(turn=1, cards=[(1, 3), (0, 8)]),
        RowChoiceRequested(seat=0, card=3, choices=[0, 2], reason="placement"),
        RowTaken(seat=0, row=1, cards=[5, 6], points=3, reason="no_match"),
        CardPlaced(seat=1, card=8, row=1),
        CardSlipped(seat=1, card=8),
        RoundEnded(round=1, taken=[3, 0], left=[0, 0], totals=[3, 0], last=True),
    ],
)
def test_public_events_pass_unchanged(event: Any) -> None:
    for viewer in (OWNER, OTHER, SPECTATOR):
        assert redact(event, viewer) == event


def test_the_shuffle_is_hidden_until_the_end() -> None:
    game = Game(GAME, 3)
    game.start()
    (shuffled,) = of_type(game.events, DeckShuffled)
    assert tables.redact(GAME, game.table, shuffled, OWNER).order == []
    game.play_out()
    assert tables.redact(GAME, game.table, shuffled, SPECTATOR).order == shuffled.order


def hidden_from(game: Game, seat: int | None) -> set[int]:
    """Cards in other hands, in any pile, in the box, and others' undisclosed choices."""
    s = game.state
    hidden = {c for p in s.piles for c in p} | set(s.box)
    for other, hand in enumerate(s.hands):
        if other != seat:
            hidden |= set(hand)
    return hidden


def shown(seen: dict[str, Any]) -> set[int]:
    """Every card the card-bearing fields of a view show."""
    cards = {c for row in seen["rows"] for c in row} | set(seen["hand"])
    cards |= {c for pile in seen["taken"] for c in pile} | {r["card"] for r in seen["revealed"]}
    if seen["my_choice"] is not None:
        cards.add(seen["my_choice"])
    for pile in seen["piles"] or []:
        cards |= set(pile)
    return cards


@pytest.mark.parametrize("seat", [0, 2, None])
def test_no_view_shows_a_hidden_card(seat: int | None) -> None:
    game = Game(GAME, 4)
    game.start()
    viewer = seat_viewer(seat) if seat is not None else SPECTATOR
    for _ in range(40):
        seen = msgspec.to_builtins(GAME.view(game.state, viewer))
        assert not shown(seen) & hidden_from(game, seat)
        assert seen["piles"] is None
        assert seen["hand"] == (game.state.hands[seat] if seat is not None else [])
        assert seen["my_choice"] == (game.state.chosen[seat] if seat is not None else None)
        game.bot_step()


def test_the_end_shows_everything() -> None:
    game = Game(GAME, 2, {"variants": ["positive"]})
    game.play_out()
    seen = msgspec.to_builtins(tables.view(GAME, game.table, SPECTATOR))["state"]
    assert seen["piles"] == game.state.piles
    for event in game.events:
        assert tables.redact(GAME, game.table, event, SPECTATOR) == event
