"""What `decide` may use beyond the state: the secret seed, through labelled shuffles only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from domain.kernel.events import Card, DeckShuffled
from domain.kernel.shuffle import shuffle, shuffle_label

C = TypeVar("C", bound=Card)


class Shuffler:
    """Hands out `shuffle:<k>` labels in order, so every shuffle of a game is re-derivable.

    `first` is the number of shuffles the game's events already record.
    """

    def __init__(self, seed: bytes, first: int) -> None:
        self._seed = seed
        self._next = first

    def shuffle(self, source: Sequence[C]) -> tuple[list[C], DeckShuffled]:
        label = shuffle_label(self._next)
        self._next += 1
        order = shuffle(self._seed, label, source)
        return order, DeckShuffled(label=label, size=len(order), source=list(source), order=list(order))


class NoShuffles(Shuffler):
    """A shuffler that refuses to shuffle: for tests that decide a command which must not need one."""

    def __init__(self) -> None:
        super().__init__(b"", 0)

    def shuffle(self, source: Sequence[C]) -> tuple[list[C], DeckShuffled]:
        raise RuntimeError("this context cannot shuffle")
