"""The game's end, once the 3rd exhaustion has come and the turn has reached the rule's end point: every field
of every player is harvested, without bean protection (hand cards are worth nothing), and the most coins win."""

from __future__ import annotations

from domain.games.bohnanza.events import GameFinished
from domain.games.bohnanza.fields import harvested
from domain.games.bohnanza.state import Rec, State


def winner(coins: list[int]) -> int:
    """Most coins; among the tied, the seat furthest from seat 0 clockwise."""
    best = max(coins)
    return max(seat for seat, c in enumerate(coins) if c == best)


def final_harvest(rec: Rec) -> None:
    for seat, fields in enumerate(rec.state.fields):
        for index, slot in enumerate(fields):
            if slot is not None:
                rec.emit(harvested(seat, index, slot, final=True))
    totals = rec.state.coins()
    # GameFinished is what ends the game's own state (phase `finished`); the table's GameEnded follows from it
    rec.emit(GameFinished(coins=totals, winners=[winner(totals)]))


def winners(state: State) -> list[int]:
    """Asked once the game is over: the winner `GameFinished` named."""
    return list(state.winners)
