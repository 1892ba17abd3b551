"""The toy game on its own: it deals, hides, plays and ends as its docstring says, so that when an all-games suite
passes with it, the suite has run a real (if tiny) game and not an empty one."""

from __future__ import annotations

import msgspec
import pytest

from domain.kernel import table as tables
from domain.kernel.events import GameEnded
from domain.kernel.viewer import EVERYONE, seat_viewer
from tests.toy_game.game import GAME, HAND, CardLaid, CardsDealt, PlayCard, TrickWon
from tests.unit.harness import Game, assert_replay_equals_live, of_type


def test_each_seat_is_dealt_a_hidden_hand_of_its_own() -> None:
    game = Game(GAME, 3)
    dealt = of_type(game.start(), CardsDealt)[0]
    assert [len(hand) for hand in dealt.hands] == [HAND] * 3
    assert len({card for hand in dealt.hands for card in hand}) == 3 * HAND
    seen = tables.redact(GAME, game.table, dealt, seat_viewer(1))
    assert seen.hands == [[], dealt.hands[1], []]
    view = msgspec.to_builtins(tables.view(GAME, game.table, seat_viewer(1)))["state"]
    assert view["hand"] == dealt.hands[1] and view["hands"] is None


def test_a_card_laid_is_hidden_until_the_trick_is_turned_over_and_the_highest_wins() -> None:
    game = Game(GAME, 2)
    game.start()
    hands = [list(hand) for hand in game.state.hands]
    assert GAME.awaiting(game.state) == [0]
    first = game.play(0, PlayCard(card=hands[0][0]))
    assert tables.redact(GAME, game.table, first[0], seat_viewer(1)) == CardLaid(seat=0, card=None)
    assert tables.redact(GAME, game.table, first[0], seat_viewer(0)) == first[0]
    trick = of_type(game.play(1, PlayCard(card=hands[1][0])), TrickWon)[0]
    winner = 0 if hands[0][0] > hands[1][0] else 1
    assert trick == TrickWon(seat=winner, cards=[hands[0][0], hands[1][0]])
    assert game.state.totals[winner] == 1
    assert GAME.awaiting(game.state) == [winner]  # the winner opens the next trick


def test_refusals() -> None:
    game = Game(GAME, 2)
    game.start()
    other = game.state.hands[1][0]
    with pytest.raises(Exception, match="seat 0 lays next"):
        tables.play(GAME, game.table, 1, PlayCard(card=other), game.seed)
    with pytest.raises(Exception, match="not in your hand"):
        tables.play(GAME, game.table, 0, PlayCard(card=other), game.seed)


@pytest.mark.parametrize("players", range(GAME.min_players, GAME.max_players + 1))
@pytest.mark.parametrize("level", ["random", "smart"])
def test_bots_play_it_to_the_end_and_the_replay_agrees(players: int, level: str) -> None:
    game = Game(GAME, players)
    game.play_out(level)
    ended = of_type(game.events, GameEnded)[0]
    assert sum(ended.scores) == HAND  # one point a trick
    assert ended.winners == [s for s, n in enumerate(ended.scores) if n == max(ended.scores)]
    assert game.table.status == "finished"
    assert msgspec.to_builtins(tables.view(GAME, game.table, EVERYONE))["state"]["hands"] == [[]] * players
    assert_replay_equals_live(game)
