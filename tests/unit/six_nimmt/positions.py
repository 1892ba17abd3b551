"""Hand-built six-nimmt positions and the decide/evolve round trip the rule tests drive them with.

Tests go through `GAME` and its events only, so a refactor of the game's private helpers leaves them green.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.commands import Command, PlayCard
from domain.games.six_nimmt.events import Event
from domain.games.six_nimmt.options import Options
from domain.games.six_nimmt.state import State
from tests.unit.harness import SEED, Driver, encoded, of_type

CARD_FIELDS = ("rows", "hand", "hands", "revealed", "pool", "penalties", "my_choice")


def position(
    hands: Sequence[Sequence[int]],
    rows: Sequence[Sequence[int]],
    *,
    options: Options | None = None,
    penalties: Sequence[Sequence[int]] | None = None,
    totals: Sequence[int] | None = None,
    round_: int = 1,
    turn: int = 0,
) -> State:
    """A round in its choice phase, as if dealt: hands sorted, nobody has chosen yet."""
    n = len(hands)
    return State(
        players=n,
        options=options or Options(),
        phase="choose",
        round=round_,
        turn=turn,
        hands=[sorted(h) for h in hands],
        rows=[list(r) for r in rows],
        chosen=[None] * n,
        penalties=[list(p) for p in penalties] if penalties is not None else [[] for _ in range(n)],
        totals=list(totals) if totals is not None else [0] * n,
    )


DRIVER: Driver[State, Command, Event] = Driver(GAME, lambda card: PlayCard(card=card), SEED)
decide, fold, act, play_turn, refused = DRIVER.decide, DRIVER.fold, DRIVER.act, DRIVER.play_turn, DRIVER.refused


def cards_shown(view: dict[str, Any]) -> set[int]:
    """Every card value the card-bearing fields of a view show."""
    found: set[int] = set()

    def walk(value: Any) -> None:
        if isinstance(value, bool):
            return
        if isinstance(value, int):
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    for field in CARD_FIELDS:
        if field == "revealed":
            walk([r["card"] for r in view[field]])
        else:
            walk(view[field])
    return found


__all__ = [
    "CARD_FIELDS",
    "DRIVER",
    "SEED",
    "act",
    "cards_shown",
    "decide",
    "encoded",
    "fold",
    "of_type",
    "play_turn",
    "position",
    "refused",
]
