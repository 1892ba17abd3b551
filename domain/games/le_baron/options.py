"""Le Baron options: how many rounds, and the two variants of the seed."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel.errors import refuse

Variant = Literal["colour_first", "positive"]
MAX_ROUNDS = 20


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rounds: int = 1
    variants: list[Variant] = []

    @property
    def colour_first(self) -> bool:
        """ "La couleur prime": no sixth-card rule, rows grow until a colour overflows."""
        return "colour_first" in self.variants

    @property
    def positive(self) -> bool:
        """ "Points positifs": taken points are good, unplaceable cards go under one's own pile."""
        return "positive" in self.variants


def check(players: int, options: Options) -> None:
    if not 1 <= options.rounds <= MAX_ROUNDS:
        raise refuse("invalid_options", f"rounds must be 1..{MAX_ROUNDS}")
    if len(set(options.variants)) != len(options.variants):
        raise refuse("invalid_options", "each variant may be listed once")
