"""Barbu events: the facts of a round, from the deal to the scores.

Event tags and fields are a storage format (stored games replay them): docs/events.md says how one may change.
"""

from __future__ import annotations

from typing import Literal, get_args

import msgspec

from domain.kernel.events import DeckShuffled
from domain.kernel.versioned import VersionedEvent

RoundEnd = Literal["all_played", "early_end", "two_out", "jam"]


class CardsDealt(VersionedEvent, tag="CardsDealt"):
    """Hands (redacted to the viewer's own) and the leftover cards, removed face up."""

    round: int
    chooser: int
    hands: list[list[str]]
    removed: list[str]
    hand_sizes: list[int]


class ContractChosen(VersionedEvent, tag="ContractChosen"):
    """The round's chooser names its contract, which it then leads."""

    round: int
    seat: int
    contract: str


class CardPlayed(VersionedEvent, tag="CardPlayed"):
    """A card to the trick, or to the réussite lines."""

    seat: int
    card: str


class TrickWon(VersionedEvent, tag="TrickWon"):
    """The highest card of the led suit takes the trick; `points` are what it costs under the contract."""

    seat: int
    trick: int  # 1 for the round's first trick
    cards: list[str]  # in the order they were played, the lead first
    points: int


class ExtraPlayOffered(VersionedEvent, tag="ExtraPlayOffered"):
    """Réussite: the seat just played an ace and may play once more, or pass."""

    seat: int


class Passed(VersionedEvent, tag="Passed"):
    """Réussite: the seat had nothing to lay, or declined the extra play after an ace."""

    seat: int


class WentOut(VersionedEvent, tag="WentOut"):
    """Réussite: the seat has laid down its last card; `place` 1 or 2, with its (negative) points."""

    seat: int
    place: int
    points: int


class RoundScored(VersionedEvent, tag="RoundScored"):
    """The round is over (`reason`); its `points` per seat are added to the `totals`."""

    round: int
    contract: str
    points: list[int]
    totals: list[int]
    reason: RoundEnd
    last: bool  # the game ends with this round


Event = (
    CardsDealt
    | ContractChosen
    | CardPlayed
    | TrickWon
    | ExtraPlayOffered
    | Passed
    | WentOut
    | RoundScored
    | DeckShuffled
)
# the game's own events, for the codec and the spec: the union less the kernel's shuffle, which the game folds too
EVENT_TYPES: tuple[type[msgspec.Struct], ...] = tuple(t for t in get_args(Event) if t is not DeckShuffled)
