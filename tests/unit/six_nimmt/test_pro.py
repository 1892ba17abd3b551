"""The `pro` variant: 10n+4 public cards drafted in seat order; the 4 left start the rows ascending."""

from __future__ import annotations

import msgspec
import pytest

from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.commands import ChooseRow, DraftCard, PlayCard
from domain.games.six_nimmt.events import CardChosen, CardDrafted, CardsDealt, DraftOpened, RowsStarted
from domain.games.six_nimmt.state import RULES
from domain.kernel.errors import RuleViolation
from domain.kernel.events import DeckShuffled, GameStarted
from domain.kernel.viewer import SPECTATOR, seat_viewer
from tests.unit.harness import Game, assert_replay_equals_live, encoded
from tests.unit.six_nimmt.positions import of_type

LEFT_FOR_ROWS = [30, 3, 17, 8]


def pro_game(players: int = 3, rules: int = RULES, **options: object) -> Game:
    game = Game(GAME, players, {"variant": "pro", **options}, rules_version=rules)
    game.start()
    return game


def draft_all_but(game: Game, keep: list[int]) -> list[object]:
    """Draft in turn, each seat taking the highest card not kept back; returns the events."""
    events: list[object] = []
    while game.state.phase == "draft":
        card = max(c for c in game.state.pool if c not in keep)
        events += game.play(game.state.drafter, DraftCard(card=card))
    return events


def refused(game: Game, seat: int, command: object) -> str:
    before, count = encoded(game.table), len(game.events)
    with pytest.raises(RuleViolation) as refusal:
        game.play(seat, command)
    assert encoded(game.table) == before
    assert len(game.events) == count
    return refusal.value.code


@pytest.mark.parametrize("deck", ["reduced", "full"])
def test_pro_lays_out_10n_plus_4_cards_whatever_the_deck_option(deck: str) -> None:
    game = Game(GAME, 3, {"variant": "pro", "deck": deck})
    events = game.start()
    assert events == [GameStarted(), DraftOpened(round=1, pool=list(range(1, 35)))]
    assert game.table.shuffles == 0
    assert game.state.phase == "draft"
    assert GAME.awaiting(game.state) == [0]


def test_pro_has_no_shuffle_and_no_deal() -> None:
    game = pro_game(2, end={"kind": "rounds", "rounds": 1})
    game.play_out()
    assert not of_type(game.events, DeckShuffled)
    assert not of_type(game.events, CardsDealt)
    assert_replay_equals_live(game)


def test_draft_goes_round_the_seats_in_order() -> None:
    game = pro_game(3)
    events = draft_all_but(game, LEFT_FOR_ROWS)
    drafted = of_type(events, CardDrafted)
    assert len(drafted) == 30
    assert [d.seat for d in drafted] == [0, 1, 2] * 10


def test_each_seat_ends_the_draft_with_ten_cards() -> None:
    game = pro_game(3)
    draft_all_but(game, LEFT_FOR_ROWS)
    assert [len(h) for h in game.state.hands] == [10, 10, 10]
    assert game.state.pool == []


def test_the_four_cards_left_start_the_rows_in_ascending_order() -> None:
    game = pro_game(3)
    events = draft_all_but(game, LEFT_FOR_ROWS)
    assert events[-1] == RowsStarted(rows=[3, 8, 17, 30])
    assert game.state.rows == [[3], [8], [17], [30]]
    assert game.state.phase == "choose"
    assert GAME.awaiting(game.state) == [0, 1, 2]


def test_only_the_drafter_may_draft() -> None:
    game = pro_game(3)
    assert refused(game, 1, DraftCard(card=5)) == "not_your_turn"
    game.play(0, DraftCard(card=5))
    assert refused(game, 0, DraftCard(card=6)) == "not_your_turn"
    assert GAME.legal_moves(game.state, 0) == []
    assert GAME.legal_moves(game.state, 1) == [DraftCard(card=c) for c in game.state.pool]


@pytest.mark.parametrize("card", [0, 35, 104])
def test_a_card_outside_the_layout_cannot_be_drafted(card: int) -> None:
    game = pro_game(3, deck="full")
    assert refused(game, 0, DraftCard(card=card)) == "card_not_available"


def test_a_drafted_card_cannot_be_drafted_again() -> None:
    game = pro_game(3)
    game.play(0, DraftCard(card=5))
    assert refused(game, 1, DraftCard(card=5)) == "card_not_available"


def test_other_commands_wait_for_the_draft() -> None:
    game = pro_game(3)
    assert refused(game, 0, PlayCard(card=5)) == "wrong_phase"
    assert refused(game, 0, ChooseRow(row=0)) == "not_asked"


def test_drafting_after_the_draft_is_the_wrong_phase() -> None:
    game = pro_game(2)
    draft_all_but(game, LEFT_FOR_ROWS)
    card = game.state.hands[0][0]
    assert refused(game, 0, DraftCard(card=card)) == "wrong_phase"


def test_hands_and_draft_are_public_in_pro() -> None:
    game = pro_game(3)
    game.play(0, DraftCard(card=34))
    drafted = game.events[-1]
    for viewer in (seat_viewer(1), SPECTATOR):
        assert GAME.redact(game.state, drafted, viewer) == drafted
        view = msgspec.to_builtins(GAME.view(game.state, viewer))
        assert view["pool"] == list(range(1, 34))
        assert view["drafter"] == 1
        assert view["phase"] == "draft"
    draft_all_but(game, LEFT_FOR_ROWS)
    for viewer in (seat_viewer(1), SPECTATOR):
        assert msgspec.to_builtins(GAME.view(game.state, viewer))["hands"] == game.state.hands


def test_the_secret_choice_stays_secret_in_pro() -> None:
    game = pro_game(3)
    draft_all_but(game, LEFT_FOR_ROWS)
    card = game.state.hands[0][0]
    (chosen,) = game.play(0, PlayCard(card=card))
    assert GAME.redact(game.state, chosen, seat_viewer(1)) == CardChosen(seat=0, card=None)
    assert GAME.redact(game.state, chosen, SPECTATOR) == CardChosen(seat=0, card=None)
    assert msgspec.to_builtins(GAME.view(game.state, seat_viewer(1)))["my_choice"] is None
    assert msgspec.to_builtins(GAME.view(game.state, seat_viewer(0)))["my_choice"] == card


def drafters(events: list[object]) -> list[int]:
    return [e.seat for e in events if isinstance(e, CardDrafted)]


def test_every_round_drafts_again_and_the_first_drafter_rotates_with_the_round() -> None:
    # rules/six-nimmt.md (rules version 2): round r starts with seat (r - 1) mod n, then r mod n, ...
    game = pro_game(3, end={"kind": "rounds", "rounds": 4})
    assert game.events[-1] == DraftOpened(round=1, pool=list(range(1, 35)), first=0)
    for round_, first in [(2, 1), (3, 2), (4, 0)]:
        while len(of_type(game.events, DraftOpened)) < round_:
            game.bot_step()
        assert game.events[-1] == DraftOpened(round=round_, pool=list(range(1, 35)), first=first)
        assert game.state.drafter == first
        assert GAME.awaiting(game.state) == [first]
        assert msgspec.to_builtins(GAME.view(game.state, SPECTATOR))["drafter"] == first
        assert game.state.hands == [[], [], []]
        assert game.state.rows == []
        assert game.state.penalties == [[], [], []]
        order = drafters(draft_all_but(game, LEFT_FOR_ROWS))
        assert order == [(first + k) % 3 for k in range(30)]
    game.play_out()
    assert_replay_equals_live(game)


def test_the_drafter_out_of_turn_is_refused_in_a_later_round() -> None:
    game = pro_game(2, end={"kind": "rounds", "rounds": 2})
    while len(of_type(game.events, DraftOpened)) < 2:
        game.bot_step()
    assert refused(game, 0, DraftCard(card=1)) == "not_your_turn"
    game.play(1, DraftCard(card=1))


def test_under_rules_1_every_round_drafts_again_from_seat_0() -> None:
    # a game created before the rule changed is played on as it was: seat 0 drafts first in every round
    game = pro_game(3, rules=1, end={"kind": "rounds", "rounds": 2})
    while len(of_type(game.events, DraftOpened)) < 2:
        game.bot_step()
    assert game.events[-1] == DraftOpened(round=2, pool=list(range(1, 35)))
    assert game.state.drafter == 0
    assert drafters(draft_all_but(game, LEFT_FOR_ROWS))[:4] == [0, 1, 2, 0]
    game.play_out()
    assert_replay_equals_live(game)
