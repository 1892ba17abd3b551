"""The automatic end of a turn: phase 3 is over once no seat has a card left to plant; then phase 4's draw and
the next seat's turn, or, from the 3rd exhaustion on, the end of the game."""

from __future__ import annotations

from domain.games.bohnanza.deck import draw
from domain.games.bohnanza.end import final_harvest
from domain.games.bohnanza.events import TurnStarted
from domain.games.bohnanza.state import Rec
from domain.kernel.context import Shuffler


def finish_planting(rec: Rec, shuffler: Shuffler) -> None:
    if any(rec.state.pending):
        return
    # a 3rd exhaustion while turning up skips the draw; one while drawing ends the game after that draw
    if not rec.state.ending:
        draw(rec, shuffler)
    if rec.state.ending:
        final_harvest(rec)
    else:
        rec.emit(TurnStarted(seat=(rec.state.active + 1) % rec.state.players))
