"""The smart bot's planting and harvesting: it keeps fields growing, planting into a field of the same bean,
else an empty one, and harvests the field worth most only when it must or when a field tops its meter.

It reads the seat's view only: its own hand and fields, the pending cards, the public counts."""

from __future__ import annotations

from collections.abc import Sequence

from domain.games.bohnanza.cards import coins_for, next_threshold
from domain.games.bohnanza.commands import BuyField, Command, Harvest, Plant, PlantPending, TurnUp
from domain.games.bohnanza.fields import PLANTS_FROM_HAND
from domain.games.bohnanza.state import Field
from domain.games.bohnanza.views import View


def home_for(fields: Sequence[Field | None], bean: str) -> int | None:
    """The field a bean should go to: the longest row of that bean, else an empty field."""
    same = [(f.count, i) for i, f in enumerate(fields) if f is not None and f.bean == bean]
    if same:
        return max(same)[1]
    return next((i for i, f in enumerate(fields) if f is None), None)


def harvest_choice(fields: Sequence[Field | None], moves: list[Command], keep: set[str]) -> Command | None:
    """The harvest worth most now (fewest cards lost on a tie), sparing beans about to be planted."""
    harvests = [m for m in moves if isinstance(m, Harvest)]
    if not harvests:
        return None

    def worth(move: Harvest) -> tuple[int, int, int]:
        slot = fields[move.field]
        assert slot is not None
        return (slot.bean not in keep, coins_for(slot.bean, slot.count), -slot.count)

    return max(harvests, key=worth)


def ripe(fields: Sequence[Field | None], moves: list[Command]) -> Command | None:
    """A field at the top of its bean-o-meter gains nothing by waiting."""
    for move in moves:
        if isinstance(move, Harvest):
            slot = fields[move.field]
            if slot is not None and next_threshold(slot.bean, slot.count) is None:
                return move
    return None


def smart_plant(view: View, seat: int, moves: list[Command]) -> Command:
    fields = view.fields[seat]
    hand = view.hand
    done = ripe(fields, moves)
    if done is not None:
        return done
    if any(isinstance(m, BuyField) for m in moves) and view.exhaustions == 0:
        return BuyField()
    if hand and view.planted < PLANTS_FROM_HAND:
        home = home_for(fields, hand[0])
        # a second card only onto a row of its bean (or when it is the last one of the hand)
        if home is not None and (view.planted == 0 or fields[home] is not None or len(hand) == 1):
            return Plant(field=home)
        if view.planted == 0:
            choice = harvest_choice(fields, moves, set())
            if choice is not None:
                return choice
    return TurnUp()


def smart_pending(view: View, seat: int, moves: list[Command]) -> Command:
    fields = view.fields[seat]
    plants = [m for m in moves if isinstance(m, PlantPending)]
    onto_row = [m for m in plants if fields[m.field] is not None]
    if onto_row:
        return onto_row[0]
    pending = view.pending[seat]
    if plants:
        return max(plants, key=lambda m: pending.count(pending[m.card]))
    choice = harvest_choice(fields, moves, set(pending))
    return choice if choice is not None else moves[0]
