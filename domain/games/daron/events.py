"""Daron events: the facts of a round, from the deal to the scores."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel.events import DeckShuffled

DrawReason = Literal["draw", "one_card", "duel", "brawl"]


class CardsDealt(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """Hands (redacted to the viewer's own), and the number card turned up.

    `returned` are the non-number cards turned up first and put at the back of the draw pile.
    """

    round: int
    first: int
    hands: list[list[str]]
    hand_sizes: list[int]
    top: str
    returned: list[str]


class TurnStarted(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    extra: bool = False  # the same player again, after laying a 1 or a 9


class CardsDeposited(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    cards: list[str]
    top: int


class DirectionReversed(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    direction: int  # the new one: 1 increasing seats, -1 decreasing


class CardsDrawn(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """`cards` is emptied for everyone but the drawer; `count` is public (0 when nothing was left)."""

    seat: int
    count: int
    cards: list[str]
    reason: DrawReason


class Passed(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int


class DuelStarted(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    attacker: int
    defender: int
    card: str
    amount: int


class DuelRiposted(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    card: str
    amount: int


class DuelLost(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    amount: int


class BrawlStarted(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    count: int


class BrawlJoined(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    count: int
    total: int


class BrawlLost(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    total: int
    amount: int


class RoundWon(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    round: int
    seat: int
    points: int
    hand_points: list[int]
    totals: list[int]
    last: bool  # the third round: no further one


class RoundBlocked(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """Nothing left to draw and everybody passed in turn: no winner, nobody scores."""

    round: int
    totals: list[int]
    last: bool


Event = (
    CardsDealt
    | TurnStarted
    | CardsDeposited
    | DirectionReversed
    | CardsDrawn
    | Passed
    | DuelStarted
    | DuelRiposted
    | DuelLost
    | BrawlStarted
    | BrawlJoined
    | BrawlLost
    | RoundWon
    | RoundBlocked
    | DeckShuffled
)
EVENT_TYPES = (
    CardsDealt,
    TurnStarted,
    CardsDeposited,
    DirectionReversed,
    CardsDrawn,
    Passed,
    DuelStarted,
    DuelRiposted,
    DuelLost,
    BrawlStarted,
    BrawlJoined,
    BrawlLost,
    RoundWon,
    RoundBlocked,
)
