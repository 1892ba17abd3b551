"""Hypothesis over random legal games: conservation, scores per contract, length, replay equals live."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.barbu import GAME
from domain.games.barbu.cards import DECK, HEARTS, KING_OF_HEARTS, QUEENS, hand_size, suit
from domain.games.barbu.commands import ChooseContract, Command, Pass, PlayCard
from domain.games.barbu.contracts import CONTRACTS
from domain.games.barbu.events import CardPlayed, CardsDealt, ContractChosen, RoundScored, WentOut
from domain.games.barbu.options import Options, total_rounds
from domain.kernel.context import Shuffler
from domain.kernel.errors import RuleViolation
from domain.kernel.events import GameEnded
from domain.kernel.ranking import lowest
from tests.unit.harness import Game, assert_replay_equals_live

options_st = st.fixed_dictionaries(
    {
        "contracts": st.lists(st.sampled_from(CONTRACTS), min_size=1, max_size=7, unique=True),
        "early_end": st.booleans(),
    },
    optional={"max_rounds": st.integers(min_value=1, max_value=12)},
)


def expected_total(contract: str, removed: list[str], players: int, out: int) -> int:
    """What a whole round hands out under `contract`, given the cards removed face up."""
    in_play = [c for c in DECK if c not in removed]
    hearts = 10 * sum(1 for c in in_play if suit(c) == HEARTS)
    queens = 25 * sum(1 for c in in_play if c in QUEENS)
    king = 100 if KING_OF_HEARTS in in_play else 0
    tricks = 10 * hand_size(players)
    return {
        "king_of_hearts": king,
        "queens": queens,
        "hearts": hearts,
        "tricks": tricks,
        "last_trick": 100,
        "salad": king + queens + hearts + tricks + 100,
        "reussite": (0, -100, -150)[out],
    }[contract]


def check_game(game: Game, players: int, options: Options) -> None:
    dealt: CardsDealt | None = None
    played: set[str] = set()
    outs = 0
    chosen: Counter[tuple[int, str]] = Counter()
    rounds: list[RoundScored] = []
    for event in game.events:
        match event:
            case CardsDealt():
                dealt, played, outs = event, set(), 0
                every = [c for h in event.hands for c in h] + event.removed
                assert sorted(every) == sorted(DECK)
                assert event.hand_sizes == [hand_size(players)] * players
            case ContractChosen(seat=seat, contract=contract):
                assert dealt is not None and seat == dealt.chooser
                chosen[(seat, contract)] += 1
            case CardPlayed(seat=seat, card=card):
                assert dealt is not None
                assert card not in played, "a card is played at most once"
                assert card in dealt.hands[seat]
                played.add(card)
            case WentOut():
                outs += 1
            case RoundScored():
                assert dealt is not None
                assert sum(event.points) == expected_total(event.contract, dealt.removed, players, outs)
                if event.reason == "all_played":
                    assert len(played) == hand_size(players) * players
                rounds.append(event)
    assert len(rounds) == total_rounds(players, options)
    assert [r.round for r in rounds] == list(range(1, len(rounds) + 1))
    assert all(n == 1 for n in chosen.values())
    if options.max_rounds is None:
        assert set(chosen) == {(s, c) for s in range(players) for c in options.contracts}
    totals = [sum(r.points[s] for r in rounds) for s in range(players)]
    ended = game.events[-1]
    assert isinstance(ended, GameEnded)
    assert ended.scores == totals == rounds[-1].totals
    assert ended.winners == lowest(totals)
    assert_replay_equals_live(game)


@settings(max_examples=100, deadline=None)
@given(players=st.integers(3, 6), raw=options_st, seed=st.binary(min_size=32, max_size=32))
def test_random_legal_games_keep_every_invariant(players: int, raw: dict[str, Any], seed: bytes) -> None:
    game = Game(GAME, players, raw, seed=seed)
    game.play_out("random")
    check_game(game, players, Options(**raw))


def candidates(state: Any, seat: int) -> list[Command]:
    return [
        *(ChooseContract(contract=c) for c in CONTRACTS),
        *(PlayCard(card=c) for c in state.hands[seat]),
        Pass(),
    ]


def accepted(game: Game, seat: int, command: Command) -> bool:
    try:
        GAME.decide(game.state, seat, command, Shuffler(game.seed, game.table.shuffles))
    except RuleViolation:
        return False
    return True


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 6), raw=options_st, seed=st.binary(min_size=32, max_size=32))
def test_legal_moves_are_what_decide_accepts_nothing_mutates(players: int, raw: dict[str, Any], seed: bytes) -> None:
    game = Game(GAME, players, {**raw, "max_rounds": 2}, seed=seed)

    def check(game: Game) -> None:
        if game.table.status != "active":
            return
        before = msgspec.msgpack.encode(game.state)
        for seat in range(players):
            legal = GAME.legal_moves(game.state, seat)
            for command in candidates(game.state, seat):
                assert accepted(game, seat, command) == (command in legal), (seat, command)
        assert msgspec.msgpack.encode(game.state) == before, "decide and evolve never mutate their input"

    game.play_out("random", check=check)
