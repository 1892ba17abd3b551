"""Le Baron events: the facts of a round, from the deal to the scores.

Their tags and fields are a storage format (docs/events.md). `CardsRevealed` and `CardPlaced` are the same facts
in six-nimmt, defined once in the kernel.
"""

from __future__ import annotations

from typing import Literal

from domain.kernel.events import DeckShuffled
from domain.kernel.rows import CardPlaced
from domain.kernel.secret_choice import CardsRevealed
from domain.kernel.versioned import VersionedEvent

TakeReason = Literal["sixth_card", "colour_overflow", "no_match"]
AskReason = Literal["placement", "no_match"]


class CardsDealt(VersionedEvent, tag="CardsDealt"):
    """The personal piles (secret to everyone, owner included), the five row starters, the boxed rest."""

    round: int
    piles: list[list[int]]
    pile_sizes: list[int]
    rows: list[int]
    box: list[int]
    box_size: int


class HandRefilled(VersionedEvent, tag="HandRefilled"):
    """A seat with an empty hand draws from the top of its pile; `cards` is shown to that seat only."""

    seat: int
    cards: list[int]
    count: int


class CardPlayed(VersionedEvent, tag="CardPlayed"):
    """A secret choice (or a change of it); `card` is null for everyone but the player."""

    seat: int
    card: int | None


class RowChoiceRequested(VersionedEvent, tag="RowChoiceRequested"):
    """Resolution waits for `seat`: to pick among matching rows, or (no match) a row to take."""

    seat: int
    card: int
    choices: list[int]
    reason: AskReason


class RowTaken(VersionedEvent, tag="RowTaken"):
    seat: int
    row: int
    cards: list[int]
    points: int
    reason: TakeReason


class CardSlipped(VersionedEvent, tag="CardSlipped"):
    """Variant `positive`: a card matching no row goes face down under its player's own pile."""

    seat: int
    card: int


class RoundEnded(VersionedEvent, tag="RoundEnded"):
    round: int
    taken: list[int]  # points taken this round, per seat
    left: list[int]  # variant `positive`: points still in hand and pile, counted against their owner
    totals: list[int]
    last: bool  # no further round


Event = (
    CardsDealt
    | HandRefilled
    | CardPlayed
    | CardsRevealed
    | RowChoiceRequested
    | RowTaken
    | CardPlaced
    | CardSlipped
    | RoundEnded
    | DeckShuffled
)
EVENT_TYPES = (
    CardsDealt,
    HandRefilled,
    CardPlayed,
    CardsRevealed,
    RowChoiceRequested,
    RowTaken,
    CardPlaced,
    CardSlipped,
    RoundEnded,
)
