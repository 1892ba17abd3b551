"""Random legal games for 3 to 7 players, bots trading at random, seats acting out of turn too.

At every event: every card is in exactly one place, coins are never negative, the hand is a queue,
evolve leaves its input alone and redaction hides what it must. At the end: the final harvest,
the winner rule and replay equals live.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.bohnanza import GAME
from domain.games.bohnanza.cards import deck
from domain.games.bohnanza.end import winner
from domain.games.bohnanza.events import (
    BeanPlanted,
    CardsDealt,
    CardsDrawn,
    GameFinished,
    TradeAccepted,
    TradeProposed,
)
from domain.games.bohnanza.state import State
from domain.kernel import table as tables
from domain.kernel.bots import bot_label
from domain.kernel.context import Shuffler
from domain.kernel.events import DeckShuffled, GameEnded, GameStarted
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import SPECTATOR, seat_viewer
from tests.unit.bohnanza.positions import census
from tests.unit.harness import Game, assert_replay_equals_live, encoded

setups = st.sampled_from([(3, False), (4, False), (5, False), (6, True), (7, True)])


def is_subsequence(part: list[str], whole: list[str]) -> bool:
    rest = iter(whole)
    return all(card in rest for card in part)


class Checker:
    def __init__(self, game: Game, extended: bool) -> None:
        self.game = game
        self.players = game.table.players
        self.box = Counter(deck(extended))

    def apply(self, events: list[Any]) -> None:
        for event in events:
            old = self.game.table
            before = encoded(old)
            self.game.apply([event])
            assert encoded(old) == before, "evolve mutated its input"
            new = self.game.state
            if old.inner is not None and old.inner.hands and not isinstance(event, GameEnded):
                self.check_queue(old.inner, new, event)
                self.check_redaction(event)
            if new is not None and not isinstance(event, GameStarted):
                assert census(new) == self.box
                assert all(c >= 0 for c in new.coins())

    def check_queue(self, old: State, new: State, event: Any) -> None:
        """Hands lose their front card, lose traded cards in place, or grow at the back: never reordered."""
        for seat in range(self.players):
            was, now = old.hands[seat], new.hands[seat]
            match event:
                case BeanPlanted(seat=s, pending=None) if s == seat:
                    assert now == was[1:]
                case CardsDrawn(seat=s, cards=cards) if s == seat:
                    assert now == was + cards
                case TradeAccepted() if now != was:
                    assert is_subsequence(now, was)
                case CardsDealt():
                    pass
                case _:
                    assert now == was

    def check_redaction(self, event: Any) -> None:
        for viewer in [*(seat_viewer(s) for s in range(self.players)), SPECTATOR]:
            shown = tables.redact(GAME, self.game.table, event, viewer)
            match shown:
                case DeckShuffled(source=source, order=order):
                    assert source == order == []
                case CardsDealt(hands=hands):
                    assert all(h == [] for s, h in enumerate(hands) if s != viewer.seat)
                case CardsDrawn(seat=s, cards=cards) if s != viewer.seat:
                    assert cards == []
                case TradeProposed(seat=s, give_hand=hand) | TradeAccepted(seat=s, give_hand=hand) if s != viewer.seat:
                    assert hand == []
                case _:
                    assert shown == event

    def check_legal_moves(self) -> None:
        """Every listed move is accepted as it stands."""
        state = self.game.state
        assert all(GAME.legal_moves(state, seat) for seat in GAME.awaiting(state))
        for seat in range(self.players):
            for move in GAME.legal_moves(state, seat):
                GAME.decide(state, seat, move, Shuffler(self.game.seed, self.game.table.shuffles))


def play(players: int, extended: bool, seed: bytes, driver: int) -> Game:
    game = Game(GAME, players, {"extended": extended}, seed=seed)
    checker = Checker(game, extended)
    checker.apply(tables.start(GAME, game.table, seed))
    draws = Draws(driver.to_bytes(8, "big"), "driver")
    step = 0
    while game.table.status == "active":
        state = game.state
        waiting = GAME.awaiting(state)
        if draws.draw(6) == 0:
            # a seat nobody waits for: a harvest, a field bought, a proposal to the active player
            seat = draws.draw(players)
            if not GAME.legal_moves(state, seat):
                seat = waiting[draws.draw(len(waiting))]
        else:
            seat = waiting[draws.draw(len(waiting))]
        level = "smart" if draws.draw(4) == 0 else "random"
        command = GAME.bot_move(state, seat, level, Draws(seed, bot_label(seat, game.table.version)))
        checker.apply(tables.play(GAME, game.table, seat, command, seed))
        step += 1
        if step % 11 == 0 and game.table.status == "active":
            checker.check_legal_moves()
        assert step < 20_000, "the game does not end"
    return game


@settings(max_examples=60, deadline=None)
@given(setup=setups, seed=st.binary(min_size=32, max_size=32), driver=st.integers(0, 2**63))
def test_random_games_keep_every_invariant(setup: tuple[int, bool], seed: bytes, driver: int) -> None:
    players, extended = setup
    game = play(players, extended, seed, driver)
    state: State = game.state
    ended = game.events[-1]
    finished = game.events[-2]
    assert isinstance(ended, GameEnded)
    assert isinstance(finished, GameFinished)
    assert state.exhaustions == 3
    assert all(f is None for fields in state.fields for f in fields)
    assert all(p == [] for p in state.pending)
    assert ended.scores == state.coins() == finished.coins
    assert ended.winners == [winner(state.coins())]
    assert ended.seed == seed.hex()
    assert_replay_equals_live(game)


def test_trades_happen_in_random_games() -> None:
    kinds: Counter[str] = Counter()
    for players, extended in [(3, False), (5, False), (7, True)]:
        game = play(players, extended, bytes([players]) * 32, players)
        kinds.update(type(e).__name__ for e in game.events)
    assert kinds["TradeAccepted"] > 20
    assert kinds["TradeCancelled"] > 20
    assert kinds["FieldBought"] > 0
    assert kinds["DeckReshuffled"] == 6
