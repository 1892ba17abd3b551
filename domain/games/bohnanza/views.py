"""What each viewer may see of a bohnanza game, and of each event.

Hidden: the order and content of each hand (its size is public), and which hand positions a
player offers or pays with. Everything on the table (fields, turned-up and pending cards, gold,
the beans a proposal gives) is public.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.games.bohnanza.events import CardsDealt, CardsDrawn, Event, TradeAccepted, TradeProposed
from domain.games.bohnanza.options import field_price
from domain.games.bohnanza.state import State, Trade
from domain.kernel.viewer import Viewer

PUBLIC_PHASES = {"deal": "plant"}


def trade_view(trade: Trade, viewer: Viewer) -> dict[str, Any]:
    return {
        "trade_id": trade.trade_id,
        "from": trade.seat,
        "to": trade.to,
        "give": trade.give,
        "want": trade.want,
        "give_face_up": trade.give_face_up,
        "give_hand": trade.give_hand if viewer.can_see(trade.seat) else None,
    }


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    own = viewer.seat
    return {
        "hand": state.hands[own] if own is not None else [],
        "hands": state.hands if viewer.sees_all else None,
        "hand_sizes": [len(h) for h in state.hands],
        "fields": [
            [None if slot is None else {"bean": slot.bean, "count": slot.count} for slot in fields]
            for fields in state.fields
        ],
        "face_up": state.face_up,
        "pending": state.pending,
        "coins": state.coins(),
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "discard_top": state.discard[-1] if state.discard else None,
        "exhaustions": state.exhaustions,
        "ending": state.ending,
        "active": state.active,
        "phase": PUBLIC_PHASES.get(state.phase, state.phase),
        "planted": state.planted,
        "trades": [trade_view(t, viewer) for t in state.trades],
        "field_price": field_price(state.options),
        "winners": state.winners,
    }


def redact(event: Event, viewer: Viewer) -> Event:
    match event:
        case CardsDealt(hands=hands) if not viewer.sees_all:
            return replace(event, hands=[h if viewer.can_see(s) else [] for s, h in enumerate(hands)])
        case CardsDrawn(seat=seat) if not viewer.can_see(seat):
            return replace(event, cards=[])
        case TradeProposed(seat=seat) if not viewer.can_see(seat):
            return replace(event, give_hand=[])
        case TradeAccepted(seat=seat) if not viewer.can_see(seat):
            return replace(event, give_hand=[])
    return event
