"""Random legal games (2..10 players, both decks, pro, both ends): the invariants hold at every event."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.cards import heads_of
from domain.games.six_nimmt.commands import ChooseRow, PlayCard
from domain.games.six_nimmt.events import CardChosen, CardsDealt, RoundEnded, RowChoiceRequested, RowTaken
from domain.games.six_nimmt.options import EndAfterRounds, EndAtThreshold
from domain.games.six_nimmt.state import State
from domain.kernel import table as tables
from domain.kernel.events import DeckShuffled, GameEnded
from domain.kernel.rows import CardPlaced
from domain.kernel.secret_choice import CardsRevealed
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import SPECTATOR, Viewer, seat_viewer
from tests.unit.harness import Game, assert_replay_equals_live, encoded
from tests.unit.six_nimmt.positions import cards_shown

ends = st.one_of(
    st.fixed_dictionaries({"kind": st.just("threshold"), "points": st.integers(1, 80)}),
    st.fixed_dictionaries({"kind": st.just("rounds"), "rounds": st.integers(1, 3)}),
)
setups = st.fixed_dictionaries(
    {
        "deck": st.sampled_from(["reduced", "full"]),
        "variant": st.sampled_from(["standard", "pro"]),
        "end": ends,
    }
)


class Checker:
    """Follows a game event by event, checking each against the state it applies to."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players: int = game.table.players
        self.rounds = 0
        self.viewers: list[Viewer] = [seat_viewer(s) for s in range(self.players)] + [SPECTATOR]

    def apply(self, events: list[Any]) -> None:
        for event in events:
            old = self.game.table
            before = encoded(old)
            if old.inner is not None and type(event) is not GameEnded:
                self.check_event(old.inner, event)
            self.game.apply([event])
            assert encoded(old) == before, "evolve mutated its input"
            if isinstance(event, GameEnded):
                self.check_end(event)
            else:
                self.check_redaction(event)
            self.check_conservation(self.game.state)

    def check_event(self, state: State, event: Any) -> None:
        match event:
            case CardsRevealed(cards=cards):
                assert sorted(cards, key=lambda sc: sc[1]) == cards
                assert cards == sorted(
                    ((s, c) for s, c in enumerate(state.chosen) if c is not None), key=lambda x: x[1]
                )
                assert len(cards) == self.players
            case RowTaken(cards=cards, heads=heads, reason=reason, row=row):
                assert cards == state.rows[row]
                assert heads == heads_of(cards)
                _, card = state.pending[0]
                if reason == "sixth_card":
                    assert len(cards) == 5
                    assert row == closest_row(state.rows, card)
                else:
                    assert state.phase == "choose_row"
                    assert closest_row(state.rows, card) is None
            case CardPlaced(seat=seat, card=card, row=row):
                assert state.pending[0] == (seat, card)
                if state.rows[row]:  # a row just taken restarts with the card
                    assert row == closest_row(state.rows, card)
                    assert len(state.rows[row]) < 5
            case RowChoiceRequested(seat=seat, card=card):
                assert state.pending[0] == (seat, card)
                assert closest_row(state.rows, card) is None
            case RoundEnded(heads=heads, totals=totals, last=last, round=round_):
                assert heads == [heads_of(p) for p in state.penalties]
                assert totals == [t + h for t, h in zip(state.totals, heads, strict=True)]
                assert all(not h for h in state.hands)
                assert round_ == self.rounds + 1
                self.rounds = round_
                match state.options.end:
                    case EndAtThreshold(points=points):
                        assert last is (max(totals) >= points)
                    case EndAfterRounds(rounds=rounds):
                        assert last is (round_ == rounds)

    def check_redaction(self, event: Any) -> None:
        table = self.game.table
        pro = self.game.state.options.pro
        for viewer in self.viewers:
            seen = tables.redact(GAME, table, event, viewer)
            match event:
                case CardChosen(seat=seat) if seat != viewer.seat and table.status == "active":
                    assert seen.card is None
                case CardsDealt(hands=hands) if not pro and table.status == "active":
                    assert seen.hands == [h if s == viewer.seat else [] for s, h in enumerate(hands)]
                case DeckShuffled() if table.status == "active":
                    assert seen.source == [] and seen.order == []
                case _:
                    assert seen == event

    def check_conservation(self, state: State) -> None:
        if state.round == 0:
            return
        in_play = [c for h in state.hands for c in h]
        in_play += [c for r in state.rows for c in r]
        in_play += [c for p in state.penalties for c in p]
        in_play += [c for _, c in state.pending]
        in_play += state.pool
        full = state.options.deck == "full" and not state.options.pro
        size = 104 if full else 10 * self.players + 4
        if full:
            dealt = 10 * self.players + 4
            assert len(in_play) == dealt and len(set(in_play)) == dealt and set(in_play) <= set(range(1, 105))
        else:
            assert sorted(in_play) == list(range(1, size + 1))

    def check_views(self) -> None:
        state = self.game.state
        pro = state.options.pro
        for viewer in self.viewers:
            view = msgspec.to_builtins(tables.view(GAME, self.game.table, viewer))["state"]
            assert view["chosen"] == [c is not None for c in state.chosen]
            assert view["phase"] in ("choose", "choose_row", "draft")
            assert 1 <= view["turn"] <= 10
            if viewer.seat is None:
                assert view["hand"] == [] and view["my_choice"] is None
            else:
                assert view["hand"] == state.hands[viewer.seat]
                assert view["my_choice"] == state.chosen[viewer.seat]
            if pro:
                assert view["hands"] == state.hands
            else:
                assert view["hands"] is None
                hidden = {c for s, h in enumerate(state.hands) if s != viewer.seat for c in h}
                assert not cards_shown(view) & hidden
        for seat in range(self.players):
            for move in GAME.legal_moves(state, seat):
                match move:
                    case PlayCard(card=card):
                        assert card in state.hands[seat]
                    case ChooseRow():
                        assert seat == state.asked

    def check_end(self, event: GameEnded) -> None:
        table = self.game.table
        totals = self.game.state.totals
        assert hashlib.sha256(bytes.fromhex(event.seed)).hexdigest() == table.seed_commitment
        assert event.scores == totals
        assert event.winners == [s for s, t in enumerate(totals) if t == min(totals)]
        if isinstance(self.game.state.options.end, EndAfterRounds):
            assert self.rounds == self.game.state.options.end.rounds


def closest_row(rows: list[list[int]], card: int) -> int | None:
    """The rule restated: the row whose last card is the highest below `card`."""
    below = [(row[-1], i) for i, row in enumerate(rows) if row and row[-1] < card]
    return max(below)[1] if below else None


def next_command(game: Game, draws: Draws, smart: bool) -> tuple[int, Any]:
    state = game.state
    waiting = GAME.awaiting(state)
    seat = waiting[draws.draw(len(waiting))]
    if state.phase == "choose" and draws.draw(5) == 0:
        # someone who has already chosen changes their mind
        decided = [s for s, c in enumerate(state.chosen) if c is not None]
        seat = decided[draws.draw(len(decided))] if decided else seat
    if smart:
        return seat, GAME.bot_move(state, seat, "smart", draws)
    moves = GAME.legal_moves(state, seat)
    return seat, moves[draws.draw(len(moves))]


@settings(max_examples=90, deadline=None)  # enough random games; kept small for make test
@given(
    players=st.integers(2, 10),
    options=setups,
    seed=st.binary(min_size=32, max_size=32),
    smart=st.booleans(),
)
def test_random_legal_games_keep_every_invariant(
    players: int, options: dict[str, Any], seed: bytes, smart: bool
) -> None:
    game = Game(GAME, players, options, seed=seed)
    checker = Checker(game)
    draws = Draws(seed, "test:moves")
    checker.apply(tables.start(GAME, game.table, seed))
    steps = 0
    while game.table.status == "active":
        checker.check_views()
        seat, command = next_command(game, draws, smart)
        before = encoded(game.table)
        events = tables.play(GAME, game.table, seat, command, seed)
        assert encoded(game.table) == before, "decide mutated its input"
        checker.apply(events)
        steps += 1
        assert steps < 20_000
    assert game.table.status == "finished"
    assert checker.rounds >= 1
    assert_replay_equals_live(game)
