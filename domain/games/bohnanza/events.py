"""Bohnanza events: the facts of a turn, from the deal to the final harvest.

Their tags and fields are a storage format: recorded games replay from them (docs/events.md says how one may change).
"""

from __future__ import annotations

from typing import Literal

from domain.kernel.events import DeckShuffled
from domain.kernel.versioned import VersionedEvent


class CardsDealt(VersionedEvent, tag="CardsDealt"):
    """Hands in the order received, front first (redacted to the viewer's own)."""

    hands: list[list[str]]
    hand_sizes: list[int]


class BeanPlanted(VersionedEvent, tag="BeanPlanted"):
    """A card planted from the front of the hand (`pending` None) or from the pending list (its index)."""

    seat: int
    field: int
    bean: str
    pending: int | None = None


class CardsTurnedUp(VersionedEvent, tag="CardsTurnedUp"):
    """Cards taken from the front of the deck, face up; the first of the turn opens the trade phase."""

    seat: int
    cards: list[str]


class TradeProposed(VersionedEvent, tag="TradeProposed"):
    """`give_hand` positions are the proposer's secret (emptied for others); `give` names the beans."""

    trade_id: int
    seat: int
    to: int | None
    give_hand: list[int]
    give_face_up: list[int]
    give: list[str]
    want: dict[str, int]


class TradeAccepted(VersionedEvent, tag="TradeAccepted"):
    """The accepter's `give_hand` positions are emptied for others; the beans that change hands are public."""

    trade_id: int
    seat: int
    give_hand: list[int]
    give_face_up: list[int]
    to_accepter: list[str]
    to_proposer: list[str]


class TradeCancelled(VersionedEvent, tag="TradeCancelled"):
    trade_id: int
    reason: Literal["withdrawn", "declined", "stale"]


class TradingEnded(VersionedEvent, tag="TradingEnded"):
    """Open proposals lapse; the turned-up cards still on the table join the active player's pending list."""

    seat: int
    kept: list[str]


class FieldHarvested(VersionedEvent, tag="FieldHarvested"):
    seat: int
    field: int
    bean: str
    count: int
    coins: int
    final: bool = False


class FieldBought(VersionedEvent, tag="FieldBought"):
    """`paid` are the gold cards (top of the gold pile first) that go to the discard pile."""

    seat: int
    paid: list[str]


class CardsDrawn(VersionedEvent, tag="CardsDrawn"):
    """Cards drawn to the back of the hand; `cards` is emptied for everyone but the drawer."""

    seat: int
    count: int
    cards: list[str]


class DeckReshuffled(VersionedEvent, tag="DeckReshuffled"):
    """The 1st or 2nd exhaustion: the discard pile became the new deck (its order is in `DeckShuffled`)."""

    exhaustions: int
    size: int


class DeckExhausted(VersionedEvent, tag="DeckExhausted"):
    """The 3rd exhaustion: the game ends once the turn reaches the rule's end point."""

    exhaustions: int


class TurnStarted(VersionedEvent, tag="TurnStarted"):
    seat: int


# After the final harvest: the game's own end, the one event that brings its state to `finished`. The table's
# `GameEnded` (the seed revealed) follows because of it and never reaches this game's evolve, so it is still
# emitted (docs/games/bohnanza.md). A comment, not a docstring: docstrings become openapi.yaml.
class GameFinished(VersionedEvent, tag="GameFinished"):
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
