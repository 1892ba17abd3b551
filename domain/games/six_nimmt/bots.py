"""Six-nimmt bots: `random` plays any legal move; `smart` avoids heads."""

from __future__ import annotations

from domain.games.six_nimmt.cards import ROW_LIMIT, heads_of
from domain.games.six_nimmt.commands import ChooseRow, Command, PlayCard
from domain.games.six_nimmt.placement import row_for
from domain.games.six_nimmt.state import State
from domain.kernel.shuffle import Draws


def card_risk(state: State, card: int) -> float:
    """Heads this card is likely to cost if played now (a cheap estimate, not a search)."""
    row = row_for(state.rows, card)
    if row is None:
        return min(heads_of(r) for r in state.rows) + 0.5
    gap = card - state.rows[row][-1]
    room = ROW_LIMIT - len(state.rows[row])
    if room <= 0:
        return heads_of(state.rows[row])
    # the fewer free places and the wider the gap, the likelier others slip in before us
    return heads_of(state.rows[row]) * min(1.0, gap / (10.0 * room)) / room


def smart(state: State, seat: int, moves: list[Command], draws: Draws) -> Command:
    match moves[0]:
        case ChooseRow():
            return min(moves, key=lambda m: heads_of(state.rows[m.row]) if isinstance(m, ChooseRow) else 0)
        case PlayCard():
            return min(moves, key=lambda m: card_risk(state, m.card) if isinstance(m, PlayCard) else 0)
    return moves[0]  # draft: take the lowest card left, the least risky to hold
