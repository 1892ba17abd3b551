"""The smart bot's trading (issue 17): it gives away turned-up beans it cannot plant well, and, asked something in
another player's trade phase, first proposes a bean-for-bean swap."""

from __future__ import annotations

from domain.games.bohnanza import GAME
from domain.games.bohnanza.commands import AcceptTrade, Command, DeclineTrade, EndTrading, ProposeTrade
from domain.games.bohnanza.state import State
from domain.kernel.bots import bot_label
from domain.kernel.shuffle import Draws
from tests.unit.bohnanza.positions import SEED, act, position


def smart(state: State, seat: int) -> Command:
    return GAME.bot_move(state, seat, "smart", Draws(SEED, bot_label(seat, 9)))


def trading(**changes: object) -> State:
    """Seat 0 (a smart bot) is active in its trade phase, with one free field; seat 1 grows chili, seat 2 soy."""
    base: dict[str, object] = {
        "hands": [["red"], ["garden", "stink"], ["blue"]],
        "fields": [[("blue", 3), None], [("chili", 2), ("stink", 1)], [("soy", 3), None]],
        "face_up": ["chili", "soy"],
        "phase": "trade",
        "planted": 1,
    }
    base.update(changes)
    return position(**base)  # type: ignore[arg-type]


def test_with_one_free_field_and_two_homeless_beans_it_gives_one_away_before_planting() -> None:
    state = trading()
    move = smart(state, 0)
    # the chili, first to come, keeps the free field; the soy goes to the seat that grows soy
    assert move == ProposeTrade(to=2, give_face_up=[1])
    _, after = act(state, 0, move)
    # the soy's taker accepts; the active bot then keeps the chili for its free field and ends trading
    taken = smart(after, 2)
    assert isinstance(taken, AcceptTrade)
    _, after = act(after, 2, taken)
    assert smart(after, 0) == EndTrading()


def test_two_cards_of_one_homeless_bean_need_one_field_only() -> None:
    assert smart(trading(face_up=["soy", "soy"]), 0) == EndTrading()


def test_the_pending_cards_claim_the_free_field_first() -> None:
    # a received red waits to be planted: it takes the free field, so both turned-up beans are surplus
    move = smart(trading(pending=[["red"], [], []]), 0)
    assert move == ProposeTrade(to=1, give_face_up=[0])


def test_a_bean_that_grows_a_row_is_never_given_away() -> None:
    assert smart(trading(face_up=["blue"]), 0) == EndTrading()


def test_asked_in_another_trade_phase_it_first_proposes_a_swap_then_answers() -> None:
    # seat 1 grows chili and holds a garden that fits nowhere (no free field): it offers it for the chili
    state = trading(fields=[[("blue", 3), ("red", 1)], [("chili", 2), ("stink", 1)], [("soy", 3), None]])
    _, state = act(state, 0, ProposeTrade(to=1, give_face_up=[1]))  # a soy to seat 1, which has no use for it
    swap = smart(state, 1)
    assert swap == ProposeTrade(to=0, give_hand=[0], want={"chili": 1})
    _, state = act(state, 1, swap)
    assert isinstance(smart(state, 1), DeclineTrade), "then the answer it owes (its own proposal is open)"


def test_no_swap_for_a_hand_that_fits_here_or_a_bean_it_does_not_grow() -> None:
    # the stink in hand grows a row: nothing to part with
    state = trading(
        hands=[["red"], ["stink"], ["blue"]],
        fields=[[("blue", 3), ("red", 1)], [("chili", 2), ("stink", 1)], [("soy", 3), None]],
    )
    _, state = act(state, 0, ProposeTrade(to=1, give_face_up=[1]))
    assert isinstance(smart(state, 1), DeclineTrade)
    # nor for a turned-up bean it grows but that is offered to it already: it takes the gift instead
    state = trading(fields=[[("blue", 3), ("red", 1)], [("chili", 2), ("stink", 1)], [("soy", 3), None]])
    _, state = act(state, 0, ProposeTrade(to=1, give_face_up=[0]))
    assert isinstance(smart(state, 1), AcceptTrade)


def test_the_active_bot_takes_a_swap_that_brings_a_bean_it_grows() -> None:
    state = trading(fields=[[("blue", 3), ("garden", 1)], [("chili", 2), ("stink", 1)], [("soy", 3), None]])
    _, state = act(state, 1, ProposeTrade(to=0, give_hand=[0], want={"chili": 1}))  # a garden for the chili
    move = smart(state, 0)
    assert isinstance(move, AcceptTrade) and move.give_face_up == [0]
