"""What each viewer may see of a bohnanza game, and of each event.

Hidden: the order and content of each hand (its size is public), and which hand positions a
player offers or pays with. Everything on the table (fields, turned-up and pending cards, gold,
the beans a proposal gives) is public.
"""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec.structs import replace

from domain.games.bohnanza.events import CardsDealt, CardsDrawn, Event, TradeAccepted, TradeProposed
from domain.games.bohnanza.options import field_price
from domain.games.bohnanza.state import Field, Phase, State, Trade
from domain.kernel.hands import hands_seen_by, own_hand
from domain.kernel.viewer import Viewer

# the deal never rests: clients see the phase it leads to
PublicPhase = Literal["plant", "trade", "plant_pending", "finished"]


class TradeView(msgspec.Struct, frozen=True):
    """An open proposal."""

    trade_id: int
    from_: int = msgspec.field(name="from")  # the proposer's seat
    to: int | None  # the seat asked; null: open to every seat but the active player's
    give: list[str]  # the beans offered, hand cards first
    want: dict[str, int]  # bean: count asked in return (empty: a gift)
    give_face_up: list[int]  # positions among the turned-up cards
    give_hand: list[int] | None  # positions in the proposer's hand: null for everyone but the proposer


class View(msgspec.Struct, frozen=True):
    """A bohnanza table as one viewer may see it."""

    hand: list[str]  # the viewer's own hand, front (the next card to plant) first; empty for a spectator
    hands: list[list[str]] | None  # every hand once the game has finished; null before
    hand_sizes: list[int]
    fields: list[list[Field | None]]  # per seat, per field; null: an empty field
    face_up: list[str]  # the turned-up cards still on the table (phase 2)
    pending: list[list[str]]  # per seat: received or kept cards still to plant (phase 3)
    coins: list[int]  # per seat: the size of the gold pile
    deck_size: int
    discard_size: int
    discard_top: str | None  # the last card discarded
    exhaustions: int  # how often the deck has run out, 0 to 3
    ending: bool  # from the 3rd exhaustion: the game ends at the end of this turn's phase 3 or draw
    active: int
    phase: PublicPhase
    planted: int  # cards planted from the hand this turn
    trades: list[TradeView]
    proposals: int  # proposals made in this turn's trading, open or not (0 outside phase trade)
    field_price: int  # coins a third field costs
    winners: list[int]  # [seat] once finished, else empty


def public_phase(phase: Phase) -> PublicPhase:
    return "plant" if phase == "deal" else phase


def trade_view(trade: Trade, viewer: Viewer) -> TradeView:
    return TradeView(
        trade_id=trade.trade_id,
        from_=trade.seat,
        to=trade.to,
        give=trade.give,
        want=trade.want,
        give_face_up=trade.give_face_up,
        give_hand=trade.give_hand if viewer.can_see(trade.seat) else None,
    )


def view(state: State, viewer: Viewer) -> View:
    return View(
        hand=own_hand(state.hands, viewer.seat),
        hands=state.hands if viewer.sees_all else None,
        hand_sizes=[len(h) for h in state.hands],
        fields=state.fields,
        face_up=state.face_up,
        pending=state.pending,
        coins=state.coins(),
        deck_size=len(state.deck),
        discard_size=len(state.discard),
        discard_top=state.discard[-1] if state.discard else None,
        exhaustions=state.exhaustions,
        ending=state.ending,
        active=state.active,
        phase=public_phase(state.phase),
        planted=state.planted,
        trades=[trade_view(t, viewer) for t in state.trades],
        proposals=state.next_trade_id - state.turn_first_trade_id if state.phase == "trade" else 0,
        field_price=field_price(state.options),
        winners=state.winners,
    )


def redact(event: Event, viewer: Viewer) -> Event:
    match event:
        case CardsDealt(hands=hands) if not viewer.sees_all:
            return replace(event, hands=hands_seen_by(hands, viewer))
        case CardsDrawn(seat=seat) if not viewer.can_see(seat):
            return replace(event, cards=[])
        case TradeProposed(seat=seat) if not viewer.can_see(seat):
            return replace(event, give_hand=[])
        case TradeAccepted(seat=seat) if not viewer.can_see(seat):
            return replace(event, give_hand=[])
    return event
