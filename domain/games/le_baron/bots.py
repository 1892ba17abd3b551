"""Le Baron bots: `random` plays any legal move; `smart` weighs what each card risks (or gains).

A bot sees only what its seat may see: its hand, the rows, the revealed cards, the public counts.
"""

from __future__ import annotations

from domain.games.le_baron.cards import BARONS, CARDS, COLOUR_LIMIT, ROW_LIMIT, colour_counts, colours_of, points_of
from domain.games.le_baron.commands import ChooseRow, Command, PlayCard
from domain.games.le_baron.state import State
from domain.games.le_baron.taking import matching_rows, taking_reason
from domain.kernel.shuffle import Draws

SHARE_OF_ROW = 0.4  # how likely an opponent's card goes to one given row among those it matches
KEEP_BARON = 3.0  # the Baron fits anywhere: worth keeping for a hand that matches nothing


def room(state: State, row: list[int], card: int) -> int:
    """How many cards others could slip in before ours without making our card the one that takes."""
    cards_left = 10**6 if state.options.colour_first else ROW_LIMIT - len(row) - 1
    symbols_left = COLOUR_LIMIT - 1 - max(colour_counts([*row, card]))
    return max(0, min(cards_left, symbols_left)) + 1


def exposure(state: State, card: int) -> float:
    """Expected number of opponents' cards resolved before ours that land on a given row."""
    return (state.players - 1) * (card - 1) / (CARDS - 1) * SHARE_OF_ROW


def placement_stake(state: State, row: int, card: int) -> tuple[float, float]:
    """(points we surely take now, chance that earlier cards make us take instead)."""
    cards = state.rows[row]
    if taking_reason(cards, card, state.options) is not None:
        return float(points_of(cards)), 1.0
    return 0.0, min(1.0, exposure(state, card) / room(state, cards, card))


def avoid_cost(state: State, card: int) -> float:
    """Standard game: the points this card is likely to cost if played now."""
    rows = matching_rows(state.rows, card)
    if not rows:
        return min(points_of(r) for r in state.rows) + 1.0
    best = float("inf")
    for row in rows:
        now, threat = placement_stake(state, row, card)
        best = min(best, now if now else threat * (points_of(state.rows[row]) + 2))
    return best + (KEEP_BARON if card in BARONS else 0.0) + 0.1 * bin(colours_of(card)).count("1")


def gain(state: State, card: int) -> float:
    """Variant `positive`: the points this card is likely to bring if played now."""
    rows = matching_rows(state.rows, card)
    if not rows:
        return -1.0  # it goes back under the pile: no gain, and the round ends nearer
    best = float("-inf")
    for row in rows:
        now, threat = placement_stake(state, row, card)
        # a row someone else takes before us leaves our card starting an empty row
        best = max(best, now / (1 + exposure(state, card)) if now else 0.2 * threat * points_of(state.rows[row]))
    return best + points_of([card]) * 0.3


def choose_row(state: State, moves: list[ChooseRow]) -> ChooseRow:
    _, card = state.pending[0]
    positive = state.options.positive

    def worth(move: ChooseRow) -> float:
        cards = state.rows[move.row]
        if state.ask_reason == "no_match":
            return float(points_of(cards))
        return float(points_of(cards)) if taking_reason(cards, card, state.options) is not None else 0.0

    return max(moves, key=worth) if positive else min(moves, key=worth)


def smart(state: State, seat: int, moves: list[Command], draws: Draws) -> Command:
    rows = [m for m in moves if isinstance(m, ChooseRow)]
    if rows:
        return choose_row(state, rows)
    cards = [m for m in moves if isinstance(m, PlayCard)]
    if state.options.positive:
        return max(cards, key=lambda m: gain(state, m.card))
    return min(cards, key=lambda m: avoid_cost(state, m.card))
