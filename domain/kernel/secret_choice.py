"""The secret simultaneous choice of the row games (six-nimmt, le-baron), and the row a card's player is asked for.

Every seat picks one card in secret (`PlayCard`) and may change it until all have picked; then the choices are
revealed together (`CardsRevealed`) and resolved in ascending card order. A card the rules do not place on their
own asks its player for a row (`ChooseRow`): one seat at a time, the others wait. The games keep `chosen` as one
slot per seat (`None` while undecided), the revealed cards still to resolve as `pending` and the seat asked as
`asked`; each records a choice with an event of its own (their tags differ, and tags are stored).

The commands and the reveal are the same records in both games: their tags and fields are a storage and wire
format, never to be changed in place (docs/events.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated, Any, Protocol, TypeVar

import msgspec

from domain.kernel.errors import RuleViolation, refuse
from domain.kernel.versioned import VersionedCommand, VersionedEvent

E = TypeVar("E")
E_contra = TypeVar("E_contra", contravariant=True)
Choices = Sequence[int | None]
Changes = dict[str, Any]  # the fields an event changes in a game's state, for `msgspec.structs.replace`


# Bounded to what an event column can hold: a value the rules refuse still gets their own code (422), and no value
# reaches the store, the projection or a client that cannot be encoded there.
Int32 = Annotated[int, msgspec.Meta(ge=-(2**31), le=2**31 - 1)]


class PlayCard(VersionedCommand, tag="play_card"):
    card: Int32


class ChooseRow(VersionedCommand, tag="choose_row"):
    row: Int32


class CardsRevealed(VersionedEvent, tag="CardsRevealed"):
    """Every choice of the turn, in the ascending order they are resolved in."""

    turn: int
    cards: list[tuple[int, int]]  # (seat, card)


class Choosing(Protocol):
    """What the secret choice reads of a row game's state."""

    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def hands(self) -> Sequence[Sequence[int]]: ...
    @property
    def chosen(self) -> Choices: ...
    @property
    def pending(self) -> Sequence[tuple[int, int]]: ...
    @property
    def asked(self) -> int | None: ...


class Recording(Protocol[E_contra]):
    """A `Recorder` of a row game: its state so far, and the events it takes."""

    @property
    def state(self) -> Choosing: ...
    def emit(self, event: E_contra) -> None: ...


def nobody_chose(players: int) -> list[int | None]:
    return [None] * players


def everyone_chose(chosen: Choices) -> bool:
    return all(card is not None for card in chosen)


def still_choosing(chosen: Choices) -> list[int]:
    return [seat for seat, card in enumerate(chosen) if card is None]


def reveal_order(chosen: Choices) -> list[tuple[int, int]]:
    """Every (seat, card), lowest card first: the order the cards are resolved in."""
    return [(seat, card) for card, seat in sorted((c, s) for s, c in enumerate(chosen) if c is not None)]


def without_revealed(hands: Sequence[Sequence[int]], chosen: Choices) -> list[list[int]]:
    """The hands once each revealed card has left its owner's hand."""
    return [[c for c in hand if c != chosen[seat]] for seat, hand in enumerate(hands)]


def record_choice(rec: Recording[E | CardsRevealed], chosen: E) -> bool:
    """Record a seat's choice (or a change of it); the last seat to choose reveals every card.

    True once the cards are revealed: the game resolves them then.
    """
    rec.emit(chosen)
    if not everyone_chose(rec.state.chosen):
        return False
    rec.emit(CardsRevealed(turn=rec.state.turn + 1, cards=reveal_order(rec.state.chosen)))
    return True


def check_asked(state: Choosing, seat: int, row: int, rows: int, task: str) -> None:
    """Only the seat asked answers (`task` says what it is asked: "take a row"), and with a row that exists."""
    if seat != state.asked:
        raise refuse("not_asked", f"seat {state.asked} is asked to {task}, not you")
    if not 0 <= row < rows:
        raise refuse("invalid_row", f"rows are 0 to {rows - 1}")


def nobody_asked(task: str) -> RuleViolation:
    return refuse("not_asked", f"nobody is asked to {task} now")


def new_round(players: int) -> Changes:
    """A round's first choice: turn 0, nobody has chosen, nothing is revealed, nobody is asked."""
    return {"turn": 0, "chosen": nobody_chose(players), "pending": [], "asked": None}


def on_reveal(state: Choosing, event: CardsRevealed) -> Changes:
    """The cards leave their hands, the slots empty, the cards wait to be resolved."""
    return {
        "hands": without_revealed(state.hands, state.chosen),
        "chosen": nobody_chose(len(state.chosen)),
        "pending": [(seat, card) for seat, card in event.cards],
        "turn": event.turn,
        "phase": "resolve",
    }


def on_settled(state: Choosing) -> Changes:
    """The lowest revealed card has found its place: the next one resolves, or the next choice opens.

    Resolution never rests between two commands unless it waits for a row.
    """
    pending = list(state.pending[1:])
    return {"pending": pending, "asked": None, "phase": "resolve" if pending else "choose"}


def legal_moves(state: Choosing, seat: int, rows: Iterable[int]) -> list[PlayCard | ChooseRow]:
    """Any card of the hand while the seats choose (a seat that has chosen may change its mind until everyone
    has); one of `rows`, those it may answer with, for the seat asked."""
    match state.phase:
        case "choose":
            return [PlayCard(card=card) for card in state.hands[seat]]
        case "choose_row" if seat == state.asked:
            return [ChooseRow(row=row) for row in rows]
    return []


def awaiting(state: Choosing) -> list[int]:
    """While the seats choose, those that have not; while a seat is asked for a row, that seat alone."""
    match state.phase:
        case "choose":
            return still_choosing(state.chosen)
        case "choose_row":
            return [state.asked] if state.asked is not None else []
    return []
