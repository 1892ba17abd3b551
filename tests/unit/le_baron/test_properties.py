"""Hypothesis over random legal games: every player count, every variant combination."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Union, get_args

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.le_baron import GAME
from domain.games.le_baron.cards import COLOUR_LIMIT, ROW_LIMIT, ROWS, colour_counts, points_of
from domain.games.le_baron.commands import ChooseRow
from domain.games.le_baron.events import RoundEnded, RowTaken
from domain.games.le_baron.state import State
from domain.games.le_baron.taking import matching_rows
from domain.kernel import table as tables
from domain.kernel.context import Shuffler
from domain.kernel.events import DeckShuffled, LifecycleEvent
from domain.kernel.ranking import highest, lowest
from tests.unit.harness import Game, assert_replay_equals_live, encoded

VARIANTS = [[], ["colour_first"], ["positive"], ["colour_first", "positive"]]


def every_card_once(state: State) -> None:
    """hands + piles + rows + taken + box = 110, plus the revealed cards still being resolved."""
    held = [c for h in state.hands for c in h] + [c for p in state.piles for c in p]
    held += [c for r in state.rows for c in r] + [c for t in state.taken for c in t] + state.box
    pending = [c for _, c in state.pending]
    assert sorted(held + pending) == list(range(1, 111))
    if not pending:
        assert len(held) == 110


def rows_at_rest(state: State) -> None:
    assert len(state.rows) == ROWS
    for row in state.rows:
        assert row
        assert max(colour_counts(row)) < COLOUR_LIMIT
        if not state.options.colour_first:
            assert len(row) <= ROW_LIMIT


class Scores:
    """Scores folded from the events seen so far: the taken points, less what `positive` left."""

    def __init__(self, players: int) -> None:
        self.expected = [0] * players
        self.seen = 0

    def check(self, game: Game) -> None:
        for event in game.events[self.seen :]:
            match event:
                case RowTaken(seat=seat, cards=cards, points=points):
                    assert points == points_of(cards)
                    self.expected[seat] += points
                case RoundEnded(left=left):
                    self.expected = [e - lp for e, lp in zip(self.expected, left, strict=True)]
        self.seen = len(game.events)
        assert GAME.scores(game.state) == self.expected
        if game.state.round == 1 and game.state.phase != "finished":
            assert self.expected == [points_of(t) for t in game.state.taken]


def somebody_can_act(game: Game) -> None:
    state = game.state
    waiting = GAME.awaiting(state)
    assert waiting
    for seat in waiting:
        moves = GAME.legal_moves(state, seat)
        assert moves
    # a listed move is accepted as it stands, and neither deciding nor evolving touches the state
    seat = waiting[-1]
    before = encoded(state)
    events = GAME.decide(state, seat, GAME.legal_moves(state, seat)[-1], Shuffler(game.seed, game.table.shuffles))
    assert events
    after = state
    for event in events:
        after = GAME.evolve(after, event)
    assert encoded(state) == before


def choices_are_the_rule(state: State) -> None:
    if state.phase != "choose_row":
        return
    seat, card = state.pending[0]
    assert state.asked == seat
    matching = matching_rows(state.rows, card)
    if state.ask_reason == "placement":
        assert state.choices == matching
        assert len(matching) > 1
    else:
        assert not matching
        assert not state.options.positive
        assert state.choices == list(range(ROWS))
    assert GAME.legal_moves(state, seat) == [ChooseRow(row=r) for r in state.choices]


def hands_stay_level(state: State) -> None:
    """Without the positive variant every seat holds as many cards as the others, pile included."""
    if state.options.positive or state.phase != "choose":
        return
    assert len({len(h) for h in state.hands}) == 1
    assert len({len(p) for p in state.piles}) == 1


def invariants(scores: Scores) -> Callable[[Game], None]:
    def check(game: Game) -> None:
        state = game.state
        every_card_once(state)
        scores.check(game)
        if game.table.status != "active":
            return
        assert state.phase in ("choose", "choose_row")
        rows_at_rest(state)
        choices_are_the_rule(state)
        hands_stay_level(state)
        somebody_can_act(game)

    return check


EVENT: Any = Union[(*get_args(LifecycleEvent), DeckShuffled, *GAME.event_types)]


def assert_json_replay_equals_live(game: Game) -> None:
    """The store keeps events as JSON: decoding them back must fold to the same table."""
    stored = msgspec.json.decode(msgspec.json.encode(game.events), type=list[EVENT])
    assert encoded(tables.fold(GAME, stored)) == encoded(game.table)


@settings(max_examples=90, deadline=None)  # enough random games; kept small for make test
@given(
    players=st.integers(2, 10),
    variants=st.sampled_from(VARIANTS),
    rounds=st.integers(1, 2),
    seed=st.binary(min_size=32, max_size=32),
    level=st.sampled_from(["random", "random", "smart"]),
)
def test_random_legal_games_keep_every_invariant(
    players: int, variants: list[str], rounds: int, seed: bytes, level: str
) -> None:
    game = Game(GAME, players, {"variants": variants, "rounds": rounds}, seed=seed)
    game.play_out(level, check=invariants(Scores(players)))
    assert game.table.status == "finished"
    assert_replay_equals_live(game)
    assert_json_replay_equals_live(game)
    totals = game.table.scores
    assert game.table.winners == (highest(totals) if "positive" in variants else lowest(totals))
    assert game.table.winners
