"""Le Baron cards: the 110-card sheet of rules/le-baron.md, its colours and points."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

Colour = Literal["blue", "yellow", "green", "red", "black", "white"]
COLOURS: tuple[Colour, ...] = ("blue", "yellow", "green", "red", "black", "white")

CARDS = 110
ROWS = 5
HAND = 4
ROW_LIMIT = 5  # placing the sixth card of a row takes the five before it
COLOUR_LIMIT = 6  # six symbols of one colour in a row make it overflow
BARONS = (52, 104)
TOTAL_SYMBOLS = 223
PILE_SIZES = {2: 24, 3: 20, 4: 16, 5: 16, 6: 16, 7: 12, 8: 12, 9: 8, 10: 8}

# The seed does not print the colours; this is the project's sheet, copied verbatim from the rules file.
SHEET: dict[int, str] = {
    1: "blue",
    2: "yellow x2",
    3: "green",
    4: "red, yellow, white",
    5: "black x2",
    6: "white, red",
    7: "blue, black",
    8: "yellow, green",
    9: "green, white",
    10: "red, white",
    11: "black",
    12: "white, green",
    13: "blue, green",
    14: "yellow, black",
    15: "green x2",
    16: "red, yellow",
    17: "black x2",
    18: "white, blue",
    19: "blue",
    20: "yellow, blue, green",
    21: "green, blue",
    22: "red, white",
    23: "black",
    24: "white",
    25: "blue, yellow",
    26: "yellow, red, blue",
    27: "green, blue",
    28: "red, yellow",
    29: "black, yellow, red",
    30: "white x2, green",
    31: "blue x2, green",
    32: "yellow x2",
    33: "green x2",
    34: "red",
    35: "black, blue",
    36: "white, red, green",
    37: "blue, white",
    38: "yellow, red",
    39: "green",
    40: "red",
    41: "black, white",
    42: "white, blue",
    43: "blue",
    44: "yellow, white, blue",
    45: "green, black, blue",
    46: "red, green, blue",
    47: "black x2, blue",
    48: "white x2",
    49: "blue, green",
    50: "yellow, green",
    51: "green, blue",
    52: "blue, yellow, green, red, black, white",
    53: "black",
    54: "white, green, red",
    55: "blue",
    56: "yellow",
    57: "green",
    58: "red, blue",
    59: "black",
    60: "white x2, blue",
    61: "blue",
    62: "yellow x2",
    63: "green, blue",
    64: "red, green",
    65: "black, green",
    66: "white x2, yellow",
    67: "blue",
    68: "yellow, red",
    69: "green, red",
    70: "red x2, white",
    71: "black, red",
    72: "white, red",
    73: "blue x2",
    74: "yellow x2, black",
    75: "green x2, black",
    76: "red x2, blue",
    77: "black",
    78: "white, black",
    79: "blue, yellow, white",
    80: "yellow",
    81: "green, blue",
    82: "red, green",
    83: "black",
    84: "white",
    85: "blue, red",
    86: "yellow",
    87: "green",
    88: "red",
    89: "black",
    90: "white, green",
    91: "blue, white",
    92: "yellow",
    93: "green x2",
    94: "red",
    95: "black, white",
    96: "white, red, yellow",
    97: "blue",
    98: "yellow, blue, white",
    99: "green",
    100: "red, blue",
    101: "black, white",
    102: "white x2, black",
    103: "blue, green",
    104: "blue, yellow, green, red, black, white",
    105: "green, red",
    106: "red, green, blue",
    107: "black",
    108: "white, black",
    109: "blue x2, red",
    110: "yellow, black, red",
}


def parse_symbols(entry: str) -> tuple[int, ...]:
    """`"white x2, green"` -> symbols per colour, in the order of `COLOURS`."""
    counts: dict[str, int] = dict.fromkeys(COLOURS, 0)
    for part in entry.split(","):
        colour, _, times = part.strip().partition(" x")
        counts[colour] += int(times) if times else 1
    return tuple(counts[c] for c in COLOURS)


SYMBOLS: dict[int, tuple[int, ...]] = {card: parse_symbols(entry) for card, entry in SHEET.items()}
# Indexed by card number (slot 0 unused) for the hot paths: a bit per colour shown, and the points.
_MASKS = [0] + [sum(1 << i for i, n in enumerate(SYMBOLS[card]) if n) for card in range(1, CARDS + 1)]
_POINTS = [0] + [sum(SYMBOLS[card]) for card in range(1, CARDS + 1)]


def canonical_order() -> list[int]:
    """The order handed to the shuffle (rules/dealing.md): 1..110 ascending."""
    return list(range(1, CARDS + 1))


def colours_of(card: int) -> int:
    """The colours a card shows, as a bit set over `COLOURS`."""
    return _MASKS[card]


def shares_colour(card: int, other: int) -> bool:
    return _MASKS[card] & _MASKS[other] != 0


def points(card: int) -> int:
    """A card is worth as many points as it shows symbols (the Baron: 6)."""
    return _POINTS[card]


def points_of(cards: Iterable[int]) -> int:
    return sum(_POINTS[c] for c in cards)


def colour_counts(cards: Iterable[int]) -> list[int]:
    counts = [0] * len(COLOURS)
    for card in cards:
        for i, n in enumerate(SYMBOLS[card]):
            counts[i] += n
    return counts
