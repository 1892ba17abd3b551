"""Six-nimmt events: the facts of a round, from the deal to the scores.

Their tags and fields are a storage format (docs/events.md). `CardsRevealed` and `CardPlaced` are the same facts
in le-baron, defined once in the kernel.
"""

from __future__ import annotations

from typing import Literal

from domain.kernel.events import DeckShuffled
from domain.kernel.rows import CardPlaced
from domain.kernel.secret_choice import CardsRevealed
from domain.kernel.versioned import VersionedEvent


class CardsDealt(VersionedEvent, tag="CardsDealt"):
    """Hands (redacted to the viewer's own) and the four cards that start the rows."""

    round: int
    hands: list[list[int]]
    rows: list[int]
    hand_sizes: list[int]


class DraftOpened(VersionedEvent, tag="DraftOpened"):
    round: int
    pool: list[int]
    first: int = 0  # the seat that drafts first (rules version 2: (round - 1) mod n; always 0 before)


class CardDrafted(VersionedEvent, tag="CardDrafted"):
    seat: int
    card: int


class RowsStarted(VersionedEvent, tag="RowsStarted"):
    rows: list[int]


class CardChosen(VersionedEvent, tag="CardChosen"):
    """A secret choice (or a change of it); `card` is null for everyone but the chooser."""

    seat: int
    card: int | None


class RowTaken(VersionedEvent, tag="RowTaken"):
    seat: int
    row: int
    cards: list[int]
    heads: int
    reason: Literal["sixth_card", "too_low"]


class RowChoiceRequested(VersionedEvent, tag="RowChoiceRequested"):
    seat: int
    card: int


class RoundEnded(VersionedEvent, tag="RoundEnded"):
    round: int
    heads: list[int]
    totals: list[int]
    last: bool  # the end condition is met: no further round


Event = (
    CardsDealt
    | DraftOpened
    | CardDrafted
    | RowsStarted
    | CardChosen
    | CardsRevealed
    | CardPlaced
    | RowTaken
    | RowChoiceRequested
    | RoundEnded
    | DeckShuffled
)
EVENT_TYPES = (
    CardsDealt,
    DraftOpened,
    CardDrafted,
    RowsStarted,
    CardChosen,
    CardsRevealed,
    CardPlaced,
    RowTaken,
    RowChoiceRequested,
    RoundEnded,
)
