"""Bots react in a person's trade phase: they take open offers that suit them and ask for turned-up beans."""

from __future__ import annotations

from domain.games.bohnanza import GAME
from domain.games.bohnanza.commands import AcceptTrade, Command, DeclineTrade, ProposeTrade
from domain.games.bohnanza.state import State
from domain.kernel.bots import reaction_label
from domain.kernel.shuffle import Draws
from tests.unit.bohnanza.positions import SEED, act, position


def draws(seat: int, version: int = 7) -> Draws:
    return Draws(SEED, reaction_label(seat, version))


def bot_reaction(state: State, seat: int, level: str, drawn: Draws) -> Command | None:
    """The reaction as the kernel asks for it: from what the seat sees (its view and legal moves) only."""
    return GAME.bot_reaction(state, seat, level, drawn)


def table(**changes: object) -> State:
    """Seat 0 (a person) trades; seat 1 grows chili, seat 2 grows soy; a chili and a blue lie turned up."""
    base: dict[str, object] = {
        "hands": [["blue", "red"], ["garden", "chili"], ["garden", "black_eyed"]],
        "fields": [[None, None], [("chili", 2), ("stink", 1)], [("soy", 3), ("black_eyed", 1)]],
        "face_up": ["chili", "blue"],
        "phase": "trade",
        "planted": 1,
    }
    base.update(changes)
    return position(**base)  # type: ignore[arg-type]


def offered(state: State, proposal: ProposeTrade) -> State:
    _, after = act(state, 0, proposal)
    return after


def test_a_smart_bot_takes_an_open_offer_that_grows_its_row() -> None:
    state = offered(table(), ProposeTrade(to=None, give_face_up=[0], want={"garden": 1}))
    move = bot_reaction(state, 1, "smart", draws(1))
    assert isinstance(move, AcceptTrade) and move.trade_id == state.trades[0].trade_id
    _, after = act(state, 1, move)
    assert after.pending[1] == ["chili"] and after.trades == []


def test_a_smart_bot_leaves_an_open_offer_that_would_plough_up_a_field() -> None:
    # a blue for its black-eyed bean: seat 2 has no blue row and no free field, and parts with a growing bean
    state = offered(table(), ProposeTrade(to=None, give_face_up=[1], want={"black_eyed": 1}))
    assert not isinstance(bot_reaction(state, 2, "smart", draws(2)), AcceptTrade)


def test_a_smart_bot_asks_for_a_turned_up_bean_it_grows_paying_with_a_card_that_fits_nowhere() -> None:
    state = table()
    move = bot_reaction(state, 1, "smart", draws(1))
    assert move == ProposeTrade(to=0, give_hand=[0], want={"chili": 1})


def test_a_smart_bot_asks_for_nothing_it_cannot_plant_on_a_row() -> None:
    state = table(face_up=["blue", "red"])
    assert bot_reaction(state, 1, "smart", draws(1)) is None


def test_one_open_proposal_per_bot_and_four_a_turn_then_silence() -> None:
    state = table()
    move = bot_reaction(state, 1, "smart", draws(1))
    assert isinstance(move, ProposeTrade)
    _, state = act(state, 1, move)
    assert bot_reaction(state, 1, "smart", draws(1, 8)) is None, "its proposal is still open"
    (own,) = [t.trade_id for t in state.trades if t.seat == 1]
    _, state = act(state, 0, DeclineTrade(trade_id=own))
    assert bot_reaction(state, 1, "smart", draws(1, 9)) == move, "declined: it may ask again"
    for n in range(3):  # the person's own proposals: the turn has seen four then
        _, state = act(state, 0, ProposeTrade(to=2, want={"soy": 1 + n}))
    assert bot_reaction(state, 1, "smart", draws(1, 20)) is None


def test_no_reaction_outside_another_players_trade_phase() -> None:
    assert bot_reaction(table(phase="plant"), 1, "smart", draws(1)) is None
    assert bot_reaction(table(), 0, "smart", draws(0)) is None, "the active player is asked, not reacting"


def test_a_random_bot_reacts_with_silence_an_acceptance_or_a_proposal_and_the_same_draws_give_the_same() -> None:
    state = offered(table(), ProposeTrade(to=None, give_face_up=[0], want={"garden": 1}))
    seen = set()
    for version in range(60):
        move = bot_reaction(state, 1, "random", draws(1, version))
        assert move == bot_reaction(state, 1, "random", draws(1, version))
        seen.add(type(move).__name__)
        if move is not None:
            act(state, 1, move)  # legal
    assert seen == {"NoneType", "AcceptTrade", "ProposeTrade"}
