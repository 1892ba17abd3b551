"""What each seat and a spectator may see: every event type redacted, views, legal moves."""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec
import pytest

from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.commands import DraftCard, PlayCard
from domain.games.six_nimmt.events import EVENT_TYPES, CardChosen, CardsDealt
from domain.kernel import table as tables
from domain.kernel.events import DeckShuffled
from domain.kernel.viewer import EVERYONE, SPECTATOR, Viewer, seat_viewer
from tests.unit.harness import Game
from tests.unit.six_nimmt.positions import cards_shown

PLAYERS = 4
VIEWERS = [seat_viewer(s) for s in range(PLAYERS)] + [SPECTATOR]


@cache
def played() -> tuple[Game, ...]:
    """Finished games that between them emit every event type, kept with their events."""
    games = [Game(GAME, PLAYERS, {"end": {"kind": "rounds", "rounds": 2}, "variant": v}) for v in ("standard", "pro")]
    for game in games:
        game.play_out()
    return tuple(games)


def samples() -> list[tuple[Game, Any]]:
    return [(game, event) for game in played() for event in game.events if type(event) in EVENT_TYPES]


def test_the_sample_games_emit_every_event_type() -> None:
    assert {type(e) for _, e in samples()} == set(EVENT_TYPES)


@pytest.mark.parametrize("kind", EVENT_TYPES, ids=lambda k: k.__name__)
def test_every_event_type_redacted_for_another_seat_and_a_spectator(kind: type[Any]) -> None:
    for game, event in samples():
        if type(event) is not kind:
            continue
        state = game.state
        for viewer in VIEWERS:
            redacted = GAME.redact(state, event, viewer)
            assert type(redacted) is kind
            assert redacted == expected_redaction(event, viewer, pro=state.options.pro)


def expected_redaction(event: Any, viewer: Viewer, pro: bool) -> Any:
    match event:
        case CardChosen(seat=seat) if viewer.seat != seat:
            return CardChosen(seat=seat, card=None)
        case CardsDealt() if not pro:
            hands = [h if s == viewer.seat else [] for s, h in enumerate(event.hands)]
            return CardsDealt(round=event.round, hands=hands, rows=event.rows, hand_sizes=event.hand_sizes)
    return event


def test_cards_dealt_keeps_only_the_viewers_hand() -> None:
    game = Game(GAME, PLAYERS)
    game.start()
    dealt = next(e for e in game.events if isinstance(e, CardsDealt))
    mine = tables.redact(GAME, game.table, dealt, seat_viewer(2))
    assert mine.hands[2] == dealt.hands[2]
    assert [h for s, h in enumerate(mine.hands) if s != 2] == [[], [], []]
    assert mine.rows == dealt.rows
    assert mine.hand_sizes == [10] * PLAYERS
    watching = tables.redact(GAME, game.table, dealt, SPECTATOR)
    assert watching.hands == [[], [], [], []]


def test_deck_shuffled_hides_the_order_while_the_game_runs() -> None:
    game = Game(GAME, PLAYERS)
    game.start()
    shuffled = next(e for e in game.events if isinstance(e, DeckShuffled))
    for viewer in VIEWERS:
        assert tables.redact(GAME, game.table, shuffled, viewer) == DeckShuffled(label="shuffle:0", size=44)


def test_nothing_is_hidden_once_the_game_has_ended() -> None:
    for game in played():
        assert game.table.status == "finished"
        for event in game.events:
            for viewer in VIEWERS:
                assert tables.redact(GAME, game.table, event, viewer) == event


def test_a_seats_view_never_shows_another_hand_or_choice() -> None:
    game = Game(GAME, PLAYERS)
    game.start()
    game.play(1, PlayCard(card=game.state.hands[1][3]))
    state = game.state
    for viewer in VIEWERS:
        view = msgspec.to_builtins(tables.view(GAME, game.table, viewer))["state"]
        assert view["hands"] is None
        assert view["chosen"] == [False, True, False, False]
        own = [] if viewer.seat is None else state.hands[viewer.seat]
        assert view["hand"] == own
        assert view["hand_sizes"] == [10] * PLAYERS
        assert view["my_choice"] == (state.chosen[1] if viewer.seat == 1 else None)
        hidden = {c for s, h in enumerate(state.hands) if s != viewer.seat for c in h}
        assert not cards_shown(view) & hidden


def test_the_finished_game_shows_everything() -> None:
    game = Game(GAME, PLAYERS, {"end": {"kind": "rounds", "rounds": 1}})
    game.play_out()
    view = msgspec.to_builtins(tables.view(GAME, game.table, SPECTATOR))["state"]
    assert view["hands"] == [[], [], [], []]
    assert view["phase"] == "finished"


def test_legal_moves_never_show_another_hand() -> None:
    game = Game(GAME, PLAYERS)
    game.start()
    for seat in range(PLAYERS):
        moves = GAME.legal_moves(game.state, seat)
        assert moves == [PlayCard(card=c) for c in game.state.hands[seat]]


def test_legal_moves_of_the_draft_are_the_pool_for_the_drafter_only() -> None:
    game = Game(GAME, PLAYERS, {"variant": "pro"})
    game.start()
    assert GAME.legal_moves(game.state, 0) == [DraftCard(card=c) for c in range(1, 45)]
    assert all(GAME.legal_moves(game.state, s) == [] for s in range(1, PLAYERS))


def test_everyone_sees_all_once_over() -> None:
    assert EVERYONE.can_see(0)
    assert not SPECTATOR.can_see(0)
    assert seat_viewer(1).can_see(1)
    assert not seat_viewer(1).can_see(0)
