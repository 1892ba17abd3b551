"""Set-up of a round: 7 cards each one at a time from the round's first player, a number card turned up."""

from domain.games.daron import GAME
from domain.games.daron.cards import deck
from domain.games.daron.commands import Deposit
from domain.games.daron.events import CardsDealt, RoundWon
from domain.games.daron.evolve import evolve, initial_state
from domain.games.daron.options import Options
from domain.games.daron.rounds import turn_up
from domain.kernel.events import DeckShuffled
from domain.kernel.shuffle import shuffle
from tests.unit.daron.positions import all_cards, of_type, play, position
from tests.unit.harness import SEED, Game


def test_first_round_deals_seven_each_one_at_a_time_from_seat_zero() -> None:
    game = Game(GAME, 3)
    events = game.start()
    shuffled = of_type(events, DeckShuffled)[0]
    order = shuffle(SEED, "shuffle:0", deck())
    assert shuffled.label == "shuffle:0"
    assert shuffled.source == deck()
    assert shuffled.order == order
    dealt = of_type(events, CardsDealt)[0]
    assert dealt.first == 0
    assert dealt.hands == [order[0:21:3], order[1:21:3], order[2:21:3]]
    assert dealt.hand_sizes == [7, 7, 7]
    state = game.state
    assert state.to_act == 0
    assert state.direction == 1
    assert state.round == 1
    assert state.discard == [dealt.top]
    assert all_cards(state) == sorted(deck())


def test_the_turned_up_card_is_the_first_number_card_the_others_go_under_the_pile() -> None:
    pile = ["daron", "+2", "joker_odd", "4", "7", "x2"]
    assert turn_up(pile) == ("4", ["daron", "+2", "joker_odd"])
    order: list[int | str] = [*(["5"] * 14), *pile]
    state = evolve(initial_state(2, Options()), DeckShuffled(label="shuffle:0", size=20, order=order))
    hands = [["5"] * 7, ["5"] * 7]
    state = evolve(state, CardsDealt(round=1, first=0, hands=hands, hand_sizes=[7, 7], top="4", returned=pile[:3]))
    assert state.discard == ["4"]
    assert state.draw_pile == ["7", "x2", "daron", "+2", "joker_odd"]


def test_round_r_is_started_by_seat_r_minus_one_and_dealt_from_it() -> None:
    # seat 0 goes out of round 1 at once: a 4-5 hand on a 5
    state = position([["4", "5"], ["2", "2"], ["3", "3"]], top="5")
    events, after = play(state, 0, Deposit(cards=["4", "5"]))
    assert of_type(events, RoundWon)[0].seat == 0
    dealt = of_type(events, CardsDealt)[0]
    order = of_type(events, DeckShuffled)[0].order
    assert dealt.round == 2
    assert dealt.first == 1
    assert dealt.hands[1] == order[0:21:3]
    assert dealt.hands[2] == order[1:21:3]
    assert dealt.hands[0] == order[2:21:3]
    assert after.to_act == 1
    assert after.direction == 1
    assert after.duel_pile == [] and after.brawl_pile == []
    assert all_cards(after) == sorted(deck())
