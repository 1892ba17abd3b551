"""Le Baron bots: `random` plays any legal move; `smart` weighs what each card risks (or gains).

A bot decides from its seat's view (`Seen`, domain/kernel/bots.py): its hand, the rows, the revealed cards, the
public counts, and the game's options.
"""

from __future__ import annotations

from domain.games.le_baron.cards import BARONS, CARDS, COLOUR_LIMIT, ROW_LIMIT, colour_counts, colours_of, points_of
from domain.games.le_baron.commands import ChooseRow, Command, PlayCard
from domain.games.le_baron.options import Options
from domain.games.le_baron.taking import matching_rows, taking_reason
from domain.games.le_baron.views import View
from domain.kernel.bots import Seen
from domain.kernel.shuffle import Draws

SHARE_OF_ROW = 0.4  # how likely an opponent's card goes to one given row among those it matches
KEEP_BARON = 3.0  # the Baron fits anywhere: worth keeping for a hand that matches nothing

Sight = Seen[View, Command, Options]


def room(options: Options, row: list[int], card: int) -> int:
    """How many cards others could slip in before ours without making our card the one that takes."""
    cards_left = 10**6 if options.colour_first else ROW_LIMIT - len(row) - 1
    symbols_left = COLOUR_LIMIT - 1 - max(colour_counts([*row, card]))
    return max(0, min(cards_left, symbols_left)) + 1


def exposure(seen: Sight, card: int) -> float:
    """Expected number of opponents' cards resolved before ours that land on a given row."""
    players = len(seen.view.hand_sizes)
    return (players - 1) * (card - 1) / (CARDS - 1) * SHARE_OF_ROW


def placement_stake(seen: Sight, row: int, card: int) -> tuple[float, float]:
    """(points we surely take now, chance that earlier cards make us take instead)."""
    cards = seen.view.rows[row]
    if taking_reason(cards, card, seen.options) is not None:
        return float(points_of(cards)), 1.0
    return 0.0, min(1.0, exposure(seen, card) / room(seen.options, cards, card))


def avoid_cost(seen: Sight, card: int) -> float:
    """Standard game: the points this card is likely to cost if played now."""
    rows = seen.view.rows
    matching = matching_rows(rows, card)
    if not matching:
        return min(points_of(r) for r in rows) + 1.0
    best = float("inf")
    for row in matching:
        now, threat = placement_stake(seen, row, card)
        best = min(best, now if now else threat * (points_of(rows[row]) + 2))
    return best + (KEEP_BARON if card in BARONS else 0.0) + 0.1 * bin(colours_of(card)).count("1")


def gain(seen: Sight, card: int) -> float:
    """Variant `positive`: the points this card is likely to bring if played now."""
    rows = seen.view.rows
    matching = matching_rows(rows, card)
    if not matching:
        return -1.0  # it goes back under the pile: no gain, and the round ends nearer
    best = float("-inf")
    for row in matching:
        now, threat = placement_stake(seen, row, card)
        # a row someone else takes before us leaves our card starting an empty row
        best = max(best, now / (1 + exposure(seen, card)) if now else 0.2 * threat * points_of(rows[row]))
    return best + points_of([card]) * 0.3


def choose_row(seen: Sight, moves: list[ChooseRow]) -> ChooseRow:
    view, options = seen.view, seen.options
    card = view.revealed[0].card  # the card being settled: the asked seat's

    def worth(move: ChooseRow) -> float:
        cards = view.rows[move.row]
        if view.ask_reason == "no_match":
            return float(points_of(cards))
        return float(points_of(cards)) if taking_reason(cards, card, options) is not None else 0.0

    return max(moves, key=worth) if options.positive else min(moves, key=worth)


def smart(seen: Sight, draws: Draws) -> Command:
    rows = [m for m in seen.moves if isinstance(m, ChooseRow)]
    if rows:
        return choose_row(seen, rows)
    cards = [m for m in seen.moves if isinstance(m, PlayCard)]
    if seen.options.positive:
        return max(cards, key=lambda m: gain(seen, m.card))
    return min(cards, key=lambda m: avoid_cost(seen, m.card))
