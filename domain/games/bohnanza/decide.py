"""Bohnanza decide: which rule a command calls in which phase; the rules live in the modules named for them."""

from __future__ import annotations

from domain.games.bohnanza.commands import (
    AcceptTrade,
    BuyField,
    Command,
    DeclineTrade,
    EndTrading,
    Harvest,
    Plant,
    PlantPending,
    ProposeTrade,
    TurnUp,
    WithdrawTrade,
)
from domain.games.bohnanza.deck import deal, turn_up
from domain.games.bohnanza.events import Event
from domain.games.bohnanza.evolve import evolve
from domain.games.bohnanza.fields import buy_field, harvest, plant_from_hand, plant_pending
from domain.games.bohnanza.state import Rec, State
from domain.games.bohnanza.trading import accept_trade, decline_trade, end_trading, propose_trade, withdraw_trade
from domain.games.bohnanza.turn import finish_planting
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse
from domain.kernel.recorder import Recorder


def start(state: State, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)
    deal(rec, shuffler)
    return rec.events


def decide(state: State, seat: int, command: Command, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)
    if state.phase in ("deal", "finished"):
        raise refuse("wrong_phase", f"nothing can be played in phase {state.phase}")
    match command, state.phase:
        case Harvest(field=field), _:
            harvest(rec, seat, field)
        case BuyField(), _:
            buy_field(rec, seat)
        case Plant(field=field), "plant":
            plant_from_hand(rec, seat, field)
        case TurnUp(), "plant":
            turn_up(rec, seat, shuffler)
        case ProposeTrade() as proposal, "trade":
            propose_trade(rec, seat, proposal)
        case AcceptTrade() as acceptance, "trade":
            accept_trade(rec, seat, acceptance)
        case WithdrawTrade(trade_id=trade_id), "trade":
            withdraw_trade(rec, seat, trade_id)
        case DeclineTrade(trade_id=trade_id), "trade":
            decline_trade(rec, seat, trade_id)
        case EndTrading(), "trade":
            end_trading(rec, seat)
            finish_planting(rec, shuffler)
        case PlantPending(card=card, field=field), "plant_pending":
            plant_pending(rec, seat, card, field)
            finish_planting(rec, shuffler)
        case _:
            raise refuse("wrong_phase", f"{type(command).__name__} is not allowed in phase {state.phase}")
    return rec.events
