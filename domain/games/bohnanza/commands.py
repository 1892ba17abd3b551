"""Bohnanza commands, one tagged union decoded straight from a request body."""

from __future__ import annotations

from domain.kernel.versioned import VersionedCommand


class Plant(VersionedCommand, tag="plant"):
    """Plant the front card of the hand into `field`."""

    field: int


class TurnUp(VersionedCommand, tag="turn_up"):
    pass


class ProposeTrade(VersionedCommand, tag="propose_trade"):
    """Offer hand cards (indices, front = 0) and, for the active player, turned-up cards for `want`."""

    to: int | None = None
    give_hand: list[int] = []
    give_face_up: list[int] = []
    want: dict[str, int] = {}


class AcceptTrade(VersionedCommand, tag="accept_trade"):
    """Accept with the accepter's own cards, which must match the proposal's `want` exactly."""

    trade_id: int
    give_hand: list[int] = []
    give_face_up: list[int] = []


class WithdrawTrade(VersionedCommand, tag="withdraw_trade"):
    trade_id: int


class DeclineTrade(VersionedCommand, tag="decline_trade"):
    trade_id: int


class EndTrading(VersionedCommand, tag="end_trading"):
    pass


class PlantPending(VersionedCommand, tag="plant_pending"):
    """Plant the card at index `card` of the seat's pending list into `field`."""

    card: int
    field: int


class Harvest(VersionedCommand, tag="harvest"):
    field: int


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
