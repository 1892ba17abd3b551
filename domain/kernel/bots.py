"""Bot helpers shared by the games; a bot sees only what its seat may see."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from domain.kernel.errors import refuse
from domain.kernel.shuffle import Draws

T = TypeVar("T")

LEVELS = ("random", "smart")


def pick(options: Sequence[T], draws: Draws) -> T:
    if not options:
        raise refuse("no_legal_move", "there is nothing to play")
    return options[draws.draw(len(options))]


def bot_label(seat: int, version: int) -> str:
    """Bots draw from their own labels, never from the `shuffle:<k>` labels the deals use."""
    return f"bot:{seat}:{version}"


def reaction_label(seat: int, version: int) -> str:
    """A reaction draws apart from the move the same bot would make at the same version."""
    return f"bot:{seat}:{version}:reaction"
