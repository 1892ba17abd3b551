"""The end of a six-nimmt round: the heads taken join the totals; then the next deal, or the end of the game."""

from __future__ import annotations

from domain.games.six_nimmt.cards import heads_of
from domain.games.six_nimmt.dealing import deal_round
from domain.games.six_nimmt.events import RoundEnded
from domain.games.six_nimmt.evolve import Rec
from domain.games.six_nimmt.options import EndAfterRounds, EndAtThreshold
from domain.games.six_nimmt.state import State
from domain.kernel.context import Shuffler


def game_ends_after(state: State, totals: list[int]) -> bool:
    """The end condition: a total at or past the threshold (>=), or the last of the rounds played."""
    match state.options.end:
        case EndAtThreshold(points=points):
            return max(totals) >= points
        case EndAfterRounds(rounds=rounds):
            return state.round >= rounds
    return False


def end_round(rec: Rec, shuffler: Shuffler) -> None:
    state = rec.state
    round_heads = [heads_of(p) for p in state.penalties]
    totals = [t + h for t, h in zip(state.totals, round_heads, strict=True)]
    last = game_ends_after(state, totals)
    rec.emit(RoundEnded(round=state.round, heads=round_heads, totals=totals, last=last))
    if not last:
        deal_round(rec, shuffler)
