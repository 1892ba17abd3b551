"""Six-nimmt bots: `random` plays any legal move; `smart` avoids heads.

A bot decides from its seat's view (`Seen`, domain/kernel/bots.py): the rows are all `smart` reads.
"""

from __future__ import annotations

from domain.games.six_nimmt.cards import ROW_LIMIT, heads_of
from domain.games.six_nimmt.commands import ChooseRow, Command, PlayCard
from domain.games.six_nimmt.options import Options
from domain.games.six_nimmt.placement import row_for
from domain.games.six_nimmt.views import View
from domain.kernel.bots import Seen
from domain.kernel.shuffle import Draws


def card_risk(rows: list[list[int]], card: int) -> float:
    """Heads this card is likely to cost if played now (a cheap estimate, not a search)."""
    row = row_for(rows, card)
    if row is None:
        return min(heads_of(r) for r in rows) + 0.5
    gap = card - rows[row][-1]
    room = ROW_LIMIT - len(rows[row])
    if room <= 0:
        return heads_of(rows[row])
    # the fewer free places and the wider the gap, the likelier others slip in before us
    return heads_of(rows[row]) * min(1.0, gap / (10.0 * room)) / room


def smart(seen: Seen[View, Command, Options], draws: Draws) -> Command:
    rows, moves = seen.view.rows, seen.moves
    match moves[0]:
        case ChooseRow():
            return min(moves, key=lambda m: heads_of(rows[m.row]) if isinstance(m, ChooseRow) else 0)
        case PlayCard():
            return min(moves, key=lambda m: card_risk(rows, m.card) if isinstance(m, PlayCard) else 0)
    return moves[0]  # draft: take the lowest card left, the least risky to hold
