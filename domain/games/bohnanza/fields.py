"""A seat's fields: one bean a field, planting (from the hand, then the pending cards), harvesting and selling
by the bean-o-meter under bean protection, and buying the third field. Each rule beside its legal moves."""

from __future__ import annotations

from collections.abc import Sequence

from domain.games.bohnanza.cards import coins_for
from domain.games.bohnanza.commands import BuyField, Command, Harvest, Plant, PlantPending
from domain.games.bohnanza.events import BeanPlanted, FieldBought, FieldHarvested
from domain.games.bohnanza.options import MAX_FIELDS, THIRD_FIELDS, field_price
from domain.games.bohnanza.state import Field, Rec, State
from domain.kernel.errors import refuse

PLANTS_FROM_HAND = 2  # the front card must be planted, the next one may be


def fits(slot: Field | None, bean: str) -> bool:
    """A field holds one bean type: an empty field takes any bean, a planted one only its own."""
    return slot is None or slot.bean == bean


def fitting(fields: Sequence[Field | None], bean: str) -> list[int]:
    return [i for i, slot in enumerate(fields) if fits(slot, bean)]


def own_field(state: State, seat: int, field: int) -> Field | None:
    if not 0 <= field < len(state.fields[seat]):
        raise refuse("invalid_field", f"your fields are 0 to {len(state.fields[seat]) - 1}")
    return state.fields[seat][field]


def check_fits(state: State, seat: int, field: int, bean: str) -> None:
    slot = own_field(state, seat, field)
    if not fits(slot, bean):
        assert slot is not None
        raise refuse("bean_mismatch", f"field {field} holds {slot.bean}, not {bean}: harvest it first")


# --- phase 1: planting from the hand --------------------------------------------------------------


def may_plant_from_hand(state: State, seat: int) -> bool:
    return bool(state.hands[seat]) and state.planted < PLANTS_FROM_HAND


def front_card_planted(state: State, seat: int) -> bool:
    """The front card must be planted before phase 1 ends, unless the hand is empty."""
    return state.planted > 0 or not state.hands[seat]


def plant_from_hand(rec: Rec, seat: int, field: int) -> None:
    state = rec.state
    if seat != state.active:
        raise refuse("not_your_turn", f"seat {state.active} plants now")
    hand = state.hands[seat]
    if not hand:
        raise refuse("empty_hand", "your hand is empty: turn up")
    if state.planted >= PLANTS_FROM_HAND:
        raise refuse("plant_limit", "at most two cards are planted from the hand")
    check_fits(state, seat, field, hand[0])
    rec.emit(BeanPlanted(seat=seat, field=field, bean=hand[0]))


def hand_plants(state: State, seat: int) -> list[Command]:
    if not may_plant_from_hand(state, seat):
        return []
    return [Plant(field=i) for i in fitting(state.fields[seat], state.hands[seat][0])]


# --- phase 3: planting the traded and kept cards --------------------------------------------------


def plant_pending(rec: Rec, seat: int, card: int, field: int) -> None:
    state = rec.state
    own = state.pending[seat]
    if not 0 <= card < len(own):
        raise refuse("card_not_pending", f"you have {len(own)} cards to plant")
    check_fits(state, seat, field, own[card])
    rec.emit(BeanPlanted(seat=seat, field=field, bean=own[card], pending=card))


def pending_plants(state: State, seat: int) -> list[Command]:
    moves: list[Command] = []
    seen: set[str] = set()
    for index, bean in enumerate(state.pending[seat]):
        if bean not in seen:  # the same bean at another index is the same move
            seen.add(bean)
            moves += [PlantPending(card=index, field=i) for i in fitting(state.fields[seat], bean)]
    return moves


# --- harvesting, at any time ------------------------------------------------------------------------


def protected(fields: Sequence[Field | None], index: int) -> bool:
    """Bean protection: a single card cannot be harvested while another field holds more than one."""
    slot = fields[index]
    if slot is None or slot.count != 1:
        return False
    return any(f is not None and f.count > 1 for j, f in enumerate(fields) if j != index)


def harvested(seat: int, index: int, slot: Field, *, final: bool = False) -> FieldHarvested:
    """The whole field is sold by the bean-o-meter: the coins go to the gold pile, the rest is discarded."""
    coins = coins_for(slot.bean, slot.count)
    return FieldHarvested(seat=seat, field=index, bean=slot.bean, count=slot.count, coins=coins, final=final)


def harvest(rec: Rec, seat: int, field: int) -> None:
    state = rec.state
    slot = own_field(state, seat, field)
    if slot is None:
        raise refuse("empty_field", f"field {field} is empty")
    if protected(state.fields[seat], field):
        raise refuse("protected_field", "a single bean cannot be harvested while another field holds more")
    rec.emit(harvested(seat, field, slot))


def harvests(state: State, seat: int) -> list[Command]:
    fields = state.fields[seat]
    return [Harvest(field=i) for i, slot in enumerate(fields) if slot is not None and not protected(fields, i)]


# --- the third field, at any time -----------------------------------------------------------------


def field_limit_reached(state: State, seat: int) -> bool:
    return len(state.fields[seat]) >= MAX_FIELDS or state.third_fields >= THIRD_FIELDS


def buy_field(rec: Rec, seat: int) -> None:
    state = rec.state
    if field_limit_reached(state, seat):
        raise refuse("field_limit", f"a player has at most {MAX_FIELDS} fields")
    price = field_price(state.options)
    gold = state.gold[seat]
    if len(gold) < price:
        raise refuse("not_enough_coins", f"a third field costs {price} coins, you have {len(gold)}")
    rec.emit(FieldBought(seat=seat, paid=gold[len(gold) - price :][::-1]))


def field_purchases(state: State, seat: int) -> list[Command]:
    affordable = len(state.gold[seat]) >= field_price(state.options)
    return [BuyField()] if affordable and not field_limit_reached(state, seat) else []
