"""Bohnanza bots: `random` plays any legal move (and fills proposals at random); `smart` farms (smart_farming.py)
and trades (smart_trading.py).

While a person is the active player and trades, bots also react unasked (`bot_reaction`): they answer the
open offers and propose trades to that player, as people around a table do.
"""

from __future__ import annotations

from domain.games.bohnanza.cards import beans
from domain.games.bohnanza.commands import AcceptTrade, Command, ProposeTrade
from domain.games.bohnanza.legal import legal_moves
from domain.games.bohnanza.smart_farming import smart_pending, smart_plant
from domain.games.bohnanza.smart_trading import asked_enough, smart_request, smart_trade, welcome_offer
from domain.games.bohnanza.state import State
from domain.games.bohnanza.trades import find
from domain.kernel.bots import pick
from domain.kernel.shuffle import Draws


def random_move(state: State, seat: int, moves: list[Command], draws: Draws) -> Command:
    """Any legal move; a proposal drawn among the legal ones gets a random trade to carry."""
    move = pick(moves, draws)
    if isinstance(move, ProposeTrade):
        return random_proposal(state, seat, move, draws)
    return move


def random_proposal(state: State, seat: int, template: ProposeTrade, draws: Draws) -> ProposeTrade:
    """Any cards for any beans: a quarter of the hand, half of the turned-up cards, up to two beans wanted."""
    hand = [i for i in range(len(state.hands[seat])) if draws.draw(4) == 0]
    face_up = [i for i in range(len(state.face_up)) if draws.draw(2) == 0] if seat == state.active else []
    in_play = beans(state.options.extended)
    want: dict[str, int] = {}
    for _ in range(draws.draw(3)):
        bean = in_play[draws.draw(len(in_play))]
        want[bean] = want.get(bean, 0) + 1
    if not (hand or face_up or want):
        return template
    return ProposeTrade(to=template.to, give_hand=hand, give_face_up=face_up, want=want)


def smart(state: State, seat: int, moves: list[Command], draws: Draws) -> Command:
    match state.phase:
        case "plant" if seat == state.active:
            return smart_plant(state, seat, moves)
        case "trade":
            return smart_trade(state, seat, moves)
        case "plant_pending" if state.pending[seat]:
            return smart_pending(state, seat, moves)
    return pick(moves, draws)


def bot_reaction(state: State, seat: int, level: str, draws: Draws) -> Command | None:
    """Unasked, in another player's trade phase: take an open offer, or ask the active player for a trade.

    At most one proposal of this seat open at a time, and none once the turn has seen enough proposals
    from anyone (smart_trading.asked_enough).
    """
    if state.phase != "trade" or seat == state.active:
        return None
    moves = legal_moves(state, seat)
    offers = [m for m in moves if isinstance(m, AcceptTrade) and open_offer(state, m.trade_id)]
    may_propose = not any(t.seat == seat for t in state.trades) and not asked_enough(state)
    if level == "smart":
        accepted = welcome_offer(state, seat, offers)
        if accepted is not None:
            return accepted
        return smart_request(state, seat) if may_propose else None
    options: list[Command | None] = [None, *offers]
    template = next((m for m in moves if isinstance(m, ProposeTrade)), None)
    if may_propose and template is not None:
        options.append(random_proposal(state, seat, template, draws))
    return pick(options, draws)


def open_offer(state: State, trade_id: int) -> bool:
    trade = find(state.trades, trade_id)
    return trade is not None and trade.to is None
