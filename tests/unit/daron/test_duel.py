"""`duel`: a +k against the next player, ripostes strictly stronger or x2, `accept` draws the amount."""

from domain.games.daron.commands import Accept, Duel, Riposte
from domain.games.daron.events import CardsDrawn, DuelLost, DuelRiposted, DuelStarted, TurnStarted
from domain.games.daron.state import DuelInPlay
from domain.kernel.events import DeckShuffled
from tests.unit.daron.positions import of_type, play, position, refusal

FILL = ["daron", "daron", "daron"]


def test_a_duel_attacks_the_next_player_in_the_direction() -> None:
    state = position([["+2", *FILL], ["3", "3"], ["4", "4"]], top="5")
    events, after = play(state, 0, Duel(card="+2"))
    assert events == [DuelStarted(attacker=0, defender=1, card="+2", amount=2)]
    assert after.phase == "duel"
    assert after.duel == DuelInPlay(attacker=0, defender=1, amount=2, to_answer=1)
    assert after.duel_pile[-1] == "+2"
    assert after.hands[0] == FILL
    reversed_ = position([["+2", *FILL], ["3", "3"], ["4", "4"]], top="5", direction=-1)
    events, _ = play(reversed_, 0, Duel(card="+2"))
    assert events == [DuelStarted(attacker=0, defender=2, card="+2", amount=2)]


def test_accepting_draws_the_amount_and_the_turn_passes_after_the_attacker() -> None:
    state = position([["+3", *FILL], ["3", "3"], ["4", "4"]], top="5", draw=["1", "2", "6", "7"])
    _, state = play(state, 0, Duel(card="+3"))
    events, after = play(state, 1, Accept())
    assert events == [
        DuelLost(seat=1, amount=3),
        CardsDrawn(seat=1, count=3, cards=["1", "2", "6"], reason="duel"),
        TurnStarted(seat=1),
    ]
    assert after.duel is None and after.phase == "play"
    assert len(after.hands[1]) == 5


def test_a_riposte_must_be_strictly_stronger_and_sends_the_duel_back() -> None:
    state = position([["+3", *FILL], ["+3", "+4", "3"], ["4", "4"]], top="5", draw=["1", "2", "6", "7", "8"])
    _, state = play(state, 0, Duel(card="+3"))
    assert refusal(state, 1, Riposte(card="+3")) == "riposte_too_weak"
    events, state = play(state, 1, Riposte(card="+4"))
    assert events == [DuelRiposted(seat=1, card="+4", amount=4)]
    assert state.duel == DuelInPlay(attacker=0, defender=1, amount=4, to_answer=0)
    events, after = play(state, 0, Accept())
    assert of_type(events, CardsDrawn)[0].count == 4
    assert len(after.hands[0]) == 3 + 4
    assert after.to_act == 1
    assert after.duel_pile[-2:] == ["+3", "+4"]


def test_seed_example_plus_two_answered_by_x2_the_attacker_draws_four_unless_plus_five_or_x2() -> None:
    hands = [["+2", "+4", "+5", "x2", *FILL], ["x2", "3", "3"], ["4", "4"]]
    state = position(hands, top="5")
    _, state = play(state, 0, Duel(card="+2"))
    events, state = play(state, 1, Riposte(card="x2"))
    assert events == [DuelRiposted(seat=1, card="x2", amount=4)]
    assert refusal(state, 0, Riposte(card="+4")) == "riposte_too_weak"
    _, with_five = play(state, 0, Riposte(card="+5"))
    assert with_five.duel is not None and with_five.duel.amount == 5
    _, with_x2 = play(state, 0, Riposte(card="x2"))
    assert with_x2.duel is not None and with_x2.duel.amount == 8
    events, _ = play(state, 0, Accept())
    assert of_type(events, DuelLost) == [DuelLost(seat=0, amount=4)]
    assert of_type(events, CardsDrawn)[0].count == 4


def test_a_duel_card_leaving_one_card_is_followed_by_a_draw() -> None:
    state = position([["+2", "daron"], ["3", "3"]], top="5", draw=["7", "8", "9"])
    events, after = play(state, 0, Duel(card="+2"))
    assert of_type(events, CardsDrawn) == [CardsDrawn(seat=0, count=1, cards=["7"], reason="one_card")]
    assert len(after.hands[0]) == 2


def test_the_loser_draws_what_is_left_then_from_the_reshuffled_discard() -> None:
    state = position([["+4", *FILL], ["3", "3"]], top="5", under=["6", "7", "8"], draw=["2"])
    _, state = play(state, 0, Duel(card="+4"))
    events, after = play(state, 1, Accept())
    drawn = of_type(events, CardsDrawn)
    assert [d.count for d in drawn] == [1, 3]
    assert of_type(events, DeckShuffled)[0].source == ["6", "7", "8"]
    assert after.discard == ["5"]
    assert len(after.hands[1]) == 6


def test_duel_cards_are_set_aside_not_reshuffled() -> None:
    state = position([["+2", *FILL], ["3", "3"]], top="5", under=["6"], draw=[])
    _, state = play(state, 0, Duel(card="+2"))
    events, after = play(state, 1, Accept())
    assert of_type(events, DeckShuffled)[0].source == ["6"]
    assert "+2" in after.duel_pile
    assert of_type(events, CardsDrawn)[0].cards == ["6"]
