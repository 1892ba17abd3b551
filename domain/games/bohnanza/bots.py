"""Bohnanza bots: `random` plays any legal move (and fills proposals at random); `smart` farms (smart_farming.py)
and trades (smart_trading.py).

While a person is the active player and trades, bots also react unasked (`bot_reaction`): they answer the
open offers and propose trades to that player, as people around a table do.

A bot decides from its seat's view (`Seen`, domain/kernel/bots.py): its own hand, everything on the table (fields,
turned-up and pending cards, the open proposals as its seat sees them), the options.
"""

from __future__ import annotations

from domain.games.bohnanza.cards import beans
from domain.games.bohnanza.commands import AcceptTrade, Command, ProposeTrade
from domain.games.bohnanza.options import Options
from domain.games.bohnanza.smart_farming import smart_pending, smart_plant
from domain.games.bohnanza.smart_trading import asked_enough, find, smart_request, smart_trade, welcome_offer
from domain.games.bohnanza.views import View
from domain.kernel.bots import Seen, pick
from domain.kernel.shuffle import Draws

Sight = Seen[View, Command, Options]


def random_move(seen: Sight, draws: Draws) -> Command:
    """Any legal move; a proposal drawn among the legal ones gets a random trade to carry."""
    move = pick(seen.moves, draws)
    if isinstance(move, ProposeTrade):
        return random_proposal(seen, move, draws)
    return move


def random_proposal(seen: Sight, template: ProposeTrade, draws: Draws) -> ProposeTrade:
    """Any cards for any beans: a quarter of the hand, half of the turned-up cards, up to two beans wanted."""
    view = seen.view
    hand = [i for i in range(len(view.hand)) if draws.draw(4) == 0]
    face_up = [i for i in range(len(view.face_up)) if draws.draw(2) == 0] if seen.seat == view.active else []
    in_play = beans(seen.options.extended)
    want: dict[str, int] = {}
    for _ in range(draws.draw(3)):
        bean = in_play[draws.draw(len(in_play))]
        want[bean] = want.get(bean, 0) + 1
    if not (hand or face_up or want):
        return template
    return ProposeTrade(to=template.to, give_hand=hand, give_face_up=face_up, want=want)


def smart(seen: Sight, draws: Draws) -> Command:
    view, seat = seen.view, seen.seat
    match view.phase:
        case "plant" if seat == view.active:
            return smart_plant(view, seat, seen.moves)
        case "trade":
            return smart_trade(view, seat, seen.moves)
        case "plant_pending" if view.pending[seat]:
            return smart_pending(view, seat, seen.moves)
    return pick(seen.moves, draws)


def bot_reaction(seen: Sight, level: str, draws: Draws) -> Command | None:
    """Unasked, in another player's trade phase: take an open offer, or ask the active player for a trade.

    At most one proposal of this seat open at a time, and none once the turn has seen enough proposals
    from anyone (smart_trading.asked_enough).
    """
    view, seat = seen.view, seen.seat
    if view.phase != "trade" or seat == view.active:
        return None
    moves = seen.moves
    offers = [m for m in moves if isinstance(m, AcceptTrade) and open_offer(view, m.trade_id)]
    may_propose = not any(t.from_ == seat for t in view.trades) and not asked_enough(view)
    if level == "smart":
        accepted = welcome_offer(view, seat, offers)
        if accepted is not None:
            return accepted
        return smart_request(view, seat) if may_propose else None
    options: list[Command | None] = [None, *offers]
    template = next((m for m in moves if isinstance(m, ProposeTrade)), None)
    if may_propose and template is not None:
        options.append(random_proposal(seen, template, draws))
    return pick(options, draws)


def open_offer(view: View, trade_id: int) -> bool:
    trade = find(view.trades, trade_id)
    return trade is not None and trade.to is None
