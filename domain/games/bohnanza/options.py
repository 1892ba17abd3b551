"""Bohnanza options: the base game (3 to 5 players) or `extended` (6 or 7), and what each implies."""

from __future__ import annotations

import msgspec

from domain.kernel.errors import refuse

MAX_FIELDS = 3
THIRD_FIELDS = 7  # the box holds 7 third-field cards


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    extended: bool = False


def check(players: int, options: Options) -> None:
    if options.extended and not 6 <= players <= 7:
        raise refuse("invalid_options", "extended is for 6 or 7 players")
    if not options.extended and not 3 <= players <= 5:
        raise refuse("invalid_options", "the base game is for 3 to 5 players; use extended for 6 or 7")


def deal_counts(players: int, options: Options) -> list[int]:
    if options.extended:
        return [min(3 + seat, 6) for seat in range(players)]
    return [5] * players


def starting_fields(players: int) -> int:
    return 3 if players == 3 else 2


def field_price(options: Options) -> int:
    return 2 if options.extended else 3


def draw_count(options: Options) -> int:
    return 4 if options.extended else 3
