"""Bohnanza events: the facts of a turn, from the deal to the final harvest.

The classes, their names and fields are a storage format: recorded games replay from them as they are.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel.events import DeckShuffled


class CardsDealt(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """Hands in the order received, front first (redacted to the viewer's own)."""

    hands: list[list[str]]
    hand_sizes: list[int]


class BeanPlanted(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """A card planted from the front of the hand (`pending` None) or from the pending list (its index)."""

    seat: int
    field: int
    bean: str
    pending: int | None = None


class CardsTurnedUp(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """Cards taken from the front of the deck, face up; the first of the turn opens the trade phase."""

    seat: int
    cards: list[str]


class TradeProposed(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """`give_hand` positions are the proposer's secret (emptied for others); `give` names the beans."""

    trade_id: int
    seat: int
    to: int | None
    give_hand: list[int]
    give_face_up: list[int]
    give: list[str]
    want: dict[str, int]


class TradeAccepted(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """The accepter's `give_hand` positions are emptied for others; the beans that change hands are public."""

    trade_id: int
    seat: int
    give_hand: list[int]
    give_face_up: list[int]
    to_accepter: list[str]
    to_proposer: list[str]


class TradeCancelled(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    trade_id: int
    reason: Literal["withdrawn", "declined", "stale"]


class TradingEnded(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """Open proposals lapse; the turned-up cards still on the table join the active player's pending list."""

    seat: int
    kept: list[str]


class FieldHarvested(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    field: int
    bean: str
    count: int
    coins: int
    final: bool = False


class FieldBought(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """`paid` are the gold cards (top of the gold pile first) that go to the discard pile."""

    seat: int
    paid: list[str]


class CardsDrawn(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """Cards drawn to the back of the hand; `cards` is emptied for everyone but the drawer."""

    seat: int
    count: int
    cards: list[str]


class DeckReshuffled(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """The 1st or 2nd exhaustion: the discard pile became the new deck (its order is in `DeckShuffled`)."""

    exhaustions: int
    size: int


class DeckExhausted(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """The 3rd exhaustion: the game ends once the turn reaches the rule's end point."""

    exhaustions: int


class TurnStarted(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int


# After the final harvest: the game's own end, the one event that brings its state to `finished`. The table's
# `GameEnded` (the seed revealed) follows because of it and never reaches this game's evolve, so it is still
# emitted (docs/games/bohnanza.md). A comment, not a docstring: docstrings become openapi.yaml.
class GameFinished(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    coins: list[int]
    winners: list[int]


Event = (
    CardsDealt
    | BeanPlanted
    | CardsTurnedUp
    | TradeProposed
    | TradeAccepted
    | TradeCancelled
    | TradingEnded
    | FieldHarvested
    | FieldBought
    | CardsDrawn
    | DeckReshuffled
    | DeckExhausted
    | TurnStarted
    | GameFinished
    | DeckShuffled
)
EVENT_TYPES = (
    CardsDealt,
    BeanPlanted,
    CardsTurnedUp,
    TradeProposed,
    TradeAccepted,
    TradeCancelled,
    TradingEnded,
    FieldHarvested,
    FieldBought,
    CardsDrawn,
    DeckReshuffled,
    DeckExhausted,
    TurnStarted,
    GameFinished,
)
