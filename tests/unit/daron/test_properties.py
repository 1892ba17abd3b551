"""Random legal games for 2..8 players: cards conserved, never one card, scores, replay equals live."""

from collections import Counter

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.daron import GAME
from domain.games.daron.cards import WIN_BONUS, deck, hand_points
from domain.games.daron.events import RoundBlocked, RoundWon
from domain.games.daron.state import State
from domain.kernel import table as tables
from domain.kernel.bots import bot_label
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import seat_viewer
from tests.unit.harness import Game, assert_replay_equals_live

DECK = Counter(deck())


def cards_on_table(state: State) -> Counter[str]:
    held = Counter(c for hand in state.hands for c in hand)
    return (
        held + Counter(state.draw_pile) + Counter(state.discard) + Counter(state.duel_pile) + Counter(state.brawl_pile)
    )


def check_round_end(before: State, events: list[object]) -> None:
    for event in events:
        if isinstance(event, RoundWon):
            points = [hand_points(h) for h in before.hands]
            points[event.seat] = 0  # the winner laid the rest of the hand in this very command
            assert event.hand_points == points
            assert event.points == WIN_BONUS + max(points)
            expected = list(before.totals)
            expected[event.seat] += event.points
            assert event.totals == expected
        if isinstance(event, RoundBlocked):
            assert event.totals == before.totals


def play_game(players: int, seed: bytes, levels: list[str]) -> Game:
    game = Game(GAME, players, seed=seed)
    game.start()
    steps = 0
    while game.table.status == "active":
        state: State = game.state
        assert cards_on_table(state) == DECK
        assert all(len(hand) != 1 for hand in state.hands)
        assert state.discard[-1].isdigit()
        (seat,) = GAME.awaiting(state)
        draws = Draws(seed, bot_label(seat, game.table.version))
        command = GAME.bot_move(state, seat, levels[seat], draws)
        before = msgspec.msgpack.encode(state)
        check_round_end(state, game.play(seat, command))
        assert msgspec.msgpack.encode(state) == before, "evolve and decide never touch the state they are given"
        steps += 1
        assert steps < 20_000, "the game does not end"
    return game


@settings(max_examples=120, deadline=None)  # enough random games; kept small for make test
@given(
    players=st.integers(2, 8),
    seed=st.binary(min_size=32, max_size=32),
    levels=st.lists(st.sampled_from(["random", "random", "smart"]), min_size=8, max_size=8),
)
def test_random_legal_games(players: int, seed: bytes, levels: list[str]) -> None:
    game = play_game(players, seed, levels)
    final: State = game.state
    assert final.phase == "finished" and final.round == 3
    assert cards_on_table(final) == DECK
    won = [e for e in game.events if isinstance(e, RoundWon)]
    totals = [0] * players
    for event in won:
        totals[event.seat] += event.points
    assert totals == final.totals == game.table.scores
    assert game.table.winners == [s for s, t in enumerate(totals) if t == max(totals)]
    for seat in range(players):
        assert msgspec.to_builtins(tables.view(GAME, game.table, seat_viewer(seat)))["state"]["hand_sizes"] == [
            len(h) for h in final.hands
        ]
    assert_replay_equals_live(game)
