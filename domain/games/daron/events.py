"""Daron events: the facts of a round, from the deal to the scores.

Event tags and fields are a storage format (stored games replay them): docs/events.md says how one may change.
"""

from __future__ import annotations

from typing import Literal, get_args

import msgspec

from domain.kernel.events import DeckShuffled
from domain.kernel.versioned import VersionedEvent

DrawReason = Literal["draw", "one_card", "duel", "brawl"]


class CardsDealt(VersionedEvent, tag="CardsDealt"):
    """Hands (redacted to the viewer's own), and the number card turned up.

    `returned` are the non-number cards turned up first and put at the back of the draw pile.
    """

    round: int
    first: int
    hands: list[list[str]]
    hand_sizes: list[int]
    top: str
    returned: list[str]


class TurnStarted(VersionedEvent, tag="TurnStarted"):
    seat: int
    extra: bool = False  # the same player again, after laying a 1 or a 9


class CardsDeposited(VersionedEvent, tag="CardsDeposited"):
    """Cards laid on the discard pile in the order given; `top` is the value of the last, the new top."""

    seat: int
    cards: list[str]
    top: int


class DirectionReversed(VersionedEvent, tag="DirectionReversed"):
    """A 1 or a 9 was laid with three players or more; the same seat plays again."""

    seat: int
    direction: int  # the new one: 1 increasing seats, -1 decreasing


class CardsDrawn(VersionedEvent, tag="CardsDrawn"):
    """`cards` is emptied for everyone but the drawer; `count` is public (0 when nothing was left)."""

    seat: int
    count: int
    cards: list[str]
    reason: DrawReason


class Passed(VersionedEvent, tag="Passed"):
    """After a draw, the seat ends its turn without a deposit."""

    seat: int


class DuelStarted(VersionedEvent, tag="DuelStarted"):
    """`attacker` lays the +k `card` against `defender`, the next seat; `amount` is k."""

    attacker: int
    defender: int
    card: str
    amount: int


class DuelRiposted(VersionedEvent, tag="DuelRiposted"):
    """The seat answers with `card`; `amount` is the new one (the k of a +k, or doubled by x2)."""

    seat: int
    card: str
    amount: int


class DuelLost(VersionedEvent, tag="DuelLost"):
    """The seat accepts the duel and draws `amount`: the `CardsDrawn` follow."""

    seat: int
    amount: int


class BrawlStarted(VersionedEvent, tag="BrawlStarted"):
    """The seat lays `count` Daron cards; the next seat joins or accepts."""

    seat: int
    count: int


class BrawlJoined(VersionedEvent, tag="BrawlJoined"):
    """The seat lays `count` more Daron cards, `total` in this brawl so far."""

    seat: int
    count: int
    total: int


class BrawlLost(VersionedEvent, tag="BrawlLost"):
    """The seat accepts the brawl and draws `amount` for the `total` Daron cards: the `CardsDrawn` follow."""

    seat: int
    total: int
    amount: int


class RoundWon(VersionedEvent, tag="RoundWon"):
    """The seat laid its whole hand: `points` is 5 + the largest other hand; `hand_points` is 0 for it."""

    round: int
    seat: int
    points: int
    hand_points: list[int]
    totals: list[int]
    last: bool  # the third round: no further one
    # every hand as the round ended, shown to everyone (rules version 2; [] in games created before)
    hands: list[list[str]] = []


class RoundBlocked(VersionedEvent, tag="RoundBlocked"):
    """Nothing left to draw and everybody passed in turn: no winner, nobody scores."""

    round: int
    totals: list[int]
    last: bool
    # every hand as the round ended, shown to everyone (rules version 2; [] in games created before)
    hands: list[list[str]] = []


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
# the game's own events, for the codec and the spec: the union less the kernel's shuffle, which the game folds too
EVENT_TYPES: tuple[type[msgspec.Struct], ...] = tuple(t for t in get_args(Event) if t is not DeckShuffled)
