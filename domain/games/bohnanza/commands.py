"""Bohnanza commands, one tagged union decoded straight from a request body."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.games.bohnanza.cards import COUNTS
from domain.games.bohnanza.options import MAX_FIELDS
from domain.kernel.versioned import VersionedCommand

# Every integer a client sends is bounded (400 `invalid_command` outside), by what a game of Bohnanza can hold;
# within the bounds, the rules answer with their own codes (`invalid_field`, `card_not_in_hand`, `unknown_trade`...).
CARDS = sum(COUNTS.values())  # every bean card of the box: no hand, pile or list of cards is longer
Field = Annotated[int, msgspec.Meta(ge=0, le=MAX_FIELDS - 1)]
Index = Annotated[int, msgspec.Meta(ge=0, le=CARDS - 1)]  # a position in a hand, the turned-up or the pending cards
Indices = Annotated[list[Index], msgspec.Meta(max_length=CARDS)]
Count = Annotated[int, msgspec.Meta(ge=0, le=max(COUNTS.values()))]  # of one bean: no bean has more cards
Want = Annotated[dict[str, Count], msgspec.Meta(max_length=len(COUNTS))]
Seat = Annotated[int, msgspec.Meta(ge=0, le=6)]  # 7 players at most (the extended game)
TradeId = Annotated[int, msgspec.Meta(ge=1, le=2**31 - 1)]  # numbered from 1 in each game


class Plant(VersionedCommand, tag="plant"):
    """Plant the front card of the hand into `field`."""

    field: Field


class TurnUp(VersionedCommand, tag="turn_up"):
    pass


class ProposeTrade(VersionedCommand, tag="propose_trade"):
    """Offer hand cards (indices, front = 0) and, for the active player, turned-up cards for `want`."""

    to: Seat | None = None
    give_hand: Indices = []
    give_face_up: Indices = []
    want: Want = {}


class AcceptTrade(VersionedCommand, tag="accept_trade"):
    """Accept with the accepter's own cards, which must match the proposal's `want` exactly."""

    trade_id: TradeId
    give_hand: Indices = []
    give_face_up: Indices = []


class WithdrawTrade(VersionedCommand, tag="withdraw_trade"):
    trade_id: TradeId


class DeclineTrade(VersionedCommand, tag="decline_trade"):
    trade_id: TradeId


class EndTrading(VersionedCommand, tag="end_trading"):
    pass


class PlantPending(VersionedCommand, tag="plant_pending"):
    """Plant the card at index `card` of the seat's pending list into `field`."""

    card: Index
    field: Field


class Harvest(VersionedCommand, tag="harvest"):
    field: Field


class BuyField(VersionedCommand, tag="buy_field"):
    pass


Command = (
    Plant
    | TurnUp
    | ProposeTrade
    | AcceptTrade
    | WithdrawTrade
    | DeclineTrade
    | EndTrading
    | PlantPending
    | Harvest
    | BuyField
)
