"""Six-nimmt events: the facts of a round, from the deal to the scores.

Their names and fields are a storage format. `CardsRevealed` and `CardPlaced` are the same facts in le-baron,
defined once in the kernel.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel.events import DeckShuffled
from domain.kernel.rows import CardPlaced
from domain.kernel.secret_choice import CardsRevealed


class CardsDealt(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """Hands (redacted to the viewer's own) and the four cards that start the rows."""

    round: int
    hands: list[list[int]]
    rows: list[int]
    hand_sizes: list[int]


class DraftOpened(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    round: int
    pool: list[int]


class CardDrafted(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    card: int


class RowsStarted(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    rows: list[int]


class CardChosen(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """A secret choice (or a change of it); `card` is null for everyone but the chooser."""

    seat: int
    card: int | None


class RowTaken(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    row: int
    cards: list[int]
    heads: int
    reason: Literal["sixth_card", "too_low"]


class RowChoiceRequested(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    card: int


class RoundEnded(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
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
