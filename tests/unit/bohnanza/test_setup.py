"""Options, the first shuffle, the deal one card at a time, fields per player count."""

from __future__ import annotations

import pytest

from domain.games.bohnanza import GAME
from domain.games.bohnanza.cards import deck
from domain.games.bohnanza.events import CardsDealt
from domain.kernel.errors import RuleViolation
from domain.kernel.events import DeckShuffled
from domain.kernel.shuffle import shuffle
from tests.unit.harness import SEED, Game


def started(players: int, extended: bool = False) -> Game:
    game = Game(GAME, players, {"extended": True} if extended else None)
    game.start()
    return game


def test_base_deal_gives_five_cards_one_at_a_time() -> None:
    game = started(4)
    order = shuffle(SEED, "shuffle:0", deck(extended=False))
    shuffled = next(e for e in game.events if isinstance(e, DeckShuffled))
    assert shuffled.label == "shuffle:0"
    assert shuffled.order == order
    dealt = next(e for e in game.events if isinstance(e, CardsDealt))
    assert dealt.hands == [order[seat:20:4] for seat in range(4)]
    assert dealt.hand_sizes == [5, 5, 5, 5]
    assert game.state.hands == dealt.hands  # first received is the front of the hand
    assert game.state.deck == order[20:]


def test_extended_deal_gives_seats_0_1_2_three_four_five_cards() -> None:
    game = started(6, extended=True)
    o = shuffle(SEED, "shuffle:0", deck(extended=True))
    assert game.state.hands[0] == [o[0], o[6], o[12]]
    assert game.state.hands[1] == [o[1], o[7], o[13], o[18]]
    assert game.state.hands[2] == [o[2], o[8], o[14], o[19], o[23]]
    assert game.state.hands[3] == [o[3], o[9], o[15], o[20], o[24], o[27]]
    assert game.state.hands[5] == [o[5], o[11], o[17], o[22], o[26], o[29]]
    assert len(game.state.deck) == 144 - 30


def test_seven_players_extended_hand_sizes() -> None:
    game = started(7, extended=True)
    assert [len(h) for h in game.state.hands] == [3, 4, 5, 6, 6, 6, 6]


@pytest.mark.parametrize(
    ("players", "extended", "fields"), [(3, False, 3), (4, False, 2), (5, False, 2), (6, True, 2), (7, True, 2)]
)
def test_fields_per_player_count(players: int, extended: bool, fields: int) -> None:
    game = started(players, extended)
    assert all(len(f) == fields and f == [None] * fields for f in game.state.fields)


def test_seat_0_starts_in_the_plant_phase() -> None:
    state = started(3).state
    assert (state.active, state.phase, state.planted, state.exhaustions) == (0, "plant", 0, 0)


@pytest.mark.parametrize(("players", "options"), [(6, None), (7, {}), (5, {"extended": True}), (3, {"extended": True})])
def test_options_match_the_player_count(players: int, options: dict[str, bool] | None) -> None:
    with pytest.raises(RuleViolation) as caught:
        Game(GAME, players, options)
    assert caught.value.code == "invalid_options"


@pytest.mark.parametrize("players", [2, 8])
def test_player_range(players: int) -> None:
    with pytest.raises(RuleViolation) as caught:
        Game(GAME, players, {"extended": players > 5})
    assert caught.value.code == "invalid_players"


def test_unknown_option_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        Game(GAME, 4, {"expansion": True})
    assert caught.value.code == "invalid_options"


def test_catalog_lists_every_bean() -> None:
    beans = {b["bean"]: b for b in GAME.catalog()["beans"]}
    assert beans["stink"]["meter"] == [3, 5, 7, 8]
    assert beans["garden"]["meter"] == [None, 2, 3, None]
    assert len(beans) == 11
