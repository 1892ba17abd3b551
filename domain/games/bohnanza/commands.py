"""Bohnanza commands, one tagged union decoded straight from a request body."""

from __future__ import annotations

import msgspec


class Plant(msgspec.Struct, frozen=True, tag="plant", tag_field="type", forbid_unknown_fields=True):
    """Plant the front card of the hand into `field`."""

    field: int


class TurnUp(msgspec.Struct, frozen=True, tag="turn_up", tag_field="type", forbid_unknown_fields=True):
    pass


class ProposeTrade(msgspec.Struct, frozen=True, tag="propose_trade", tag_field="type", forbid_unknown_fields=True):
    """Offer hand cards (indices, front = 0) and, for the active player, turned-up cards for `want`."""

    to: int | None = None
    give_hand: list[int] = []
    give_face_up: list[int] = []
    want: dict[str, int] = {}


class AcceptTrade(msgspec.Struct, frozen=True, tag="accept_trade", tag_field="type", forbid_unknown_fields=True):
    """Accept with the accepter's own cards, which must match the proposal's `want` exactly."""

    trade_id: int
    give_hand: list[int] = []
    give_face_up: list[int] = []


class WithdrawTrade(msgspec.Struct, frozen=True, tag="withdraw_trade", tag_field="type", forbid_unknown_fields=True):
    trade_id: int


class DeclineTrade(msgspec.Struct, frozen=True, tag="decline_trade", tag_field="type", forbid_unknown_fields=True):
    trade_id: int


class EndTrading(msgspec.Struct, frozen=True, tag="end_trading", tag_field="type", forbid_unknown_fields=True):
    pass


class PlantPending(msgspec.Struct, frozen=True, tag="plant_pending", tag_field="type", forbid_unknown_fields=True):
    """Plant the card at index `card` of the seat's pending list into `field`."""

    card: int
    field: int


class Harvest(msgspec.Struct, frozen=True, tag="harvest", tag_field="type", forbid_unknown_fields=True):
    field: int


class BuyField(msgspec.Struct, frozen=True, tag="buy_field", tag_field="type", forbid_unknown_fields=True):
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
