"""The deal of a six-nimmt round (rules/dealing.md): one shuffle, ten cards each, four to start the rows.

The `pro` variant deals nothing: its round opens a draft (draft.py).
"""

from __future__ import annotations

from domain.games.six_nimmt.cards import HAND, ROWS, deck
from domain.games.six_nimmt.draft import open_draft
from domain.games.six_nimmt.events import CardsDealt, Event
from domain.games.six_nimmt.evolve import Rec, recorder
from domain.games.six_nimmt.state import State
from domain.kernel.context import Shuffler
from domain.kernel.dealing import one_at_a_time


def start(state: State, shuffler: Shuffler) -> list[Event]:
    rec = recorder(state)
    deal_round(rec, shuffler)
    return rec.events


def deal_round(rec: Rec, shuffler: Shuffler) -> None:
    state = rec.state
    if state.options.pro:
        open_draft(rec)
        return
    n = state.players
    order, shuffled = shuffler.shuffle(deck(n, state.options.full_deck))
    rec.emit(shuffled)
    hands = one_at_a_time(order[: HAND * n], n)
    rows = order[HAND * n : HAND * n + ROWS]
    rec.emit(CardsDealt(round=state.round + 1, hands=hands, rows=rows, hand_sizes=[HAND] * n))
