"""The smart bot's trading: it accepts only trades that bring beans it can plant without ploughing up a field,
gives away turned-up cards that fit nowhere to a seat that can plant them, and asks for beans that grow a row."""

from __future__ import annotations

from collections.abc import Sequence

from domain.games.bohnanza.commands import AcceptTrade, Command, DeclineTrade, EndTrading, ProposeTrade
from domain.games.bohnanza.state import Field, State
from domain.games.bohnanza.trades import find, picked

GIFTS_PER_TURN = 4


def grows(fields: Sequence[Field | None], bean: str) -> bool:
    return any(f is not None and f.bean == bean for f in fields)


def free_fields(fields: Sequence[Field | None]) -> int:
    return sum(1 for f in fields if f is None)


def asked_enough(state: State) -> bool:
    """The turn has seen GIFTS_PER_TURN proposals from anyone: bots stop proposing, so that a player who
    declines is not asked forever."""
    return state.next_trade_id - state.turn_first_trade_id >= GIFTS_PER_TURN


def card_value(fields: Sequence[Field | None], bean: str, free: int) -> float:
    """How welcome one more card of `bean` is: a growing row, else a free field, else a forced harvest."""
    if grows(fields, bean):
        return 1.0
    return 0.3 if free > 0 else -1.0


def gain(state: State, seat: int, received: list[str], given_hand: list[str]) -> float:
    fields = state.fields[seat]
    free = free_fields(fields)
    total = 0.0
    newcomers: set[str] = set()
    for bean in received:
        if grows(fields, bean) or bean in newcomers:
            total += 1.0
        elif free > 0:
            free -= 1
            newcomers.add(bean)
            total += 0.3
        else:
            total -= 1.0
    # a hand card that fits nowhere only clogs the queue: parting with it is a gain
    total -= sum(card_value(fields, bean, 0) for bean in given_hand)
    return total


def welcome_offer(state: State, seat: int, moves: Sequence[Command]) -> AcceptTrade | None:
    """The first acceptance among `moves` that leaves this seat better off."""
    for move in moves:
        if isinstance(move, AcceptTrade):
            trade = find(state.trades, move.trade_id)
            if trade is not None and gain(state, seat, trade.give, picked(state.hands[seat], move.give_hand)) > 0:
                return move
    return None


def smart_trade(state: State, seat: int, moves: list[Command]) -> Command:
    accepted = welcome_offer(state, seat, moves)
    if accepted is not None:
        return accepted
    declines = [m for m in moves if isinstance(m, DeclineTrade)]
    if declines:
        return declines[0]
    if seat != state.active:
        return moves[0]  # only the active player ends trading
    gift = surplus_gift(state, seat)
    return gift if gift is not None else EndTrading()


def surplus_gift(state: State, seat: int) -> ProposeTrade | None:
    """Offer a turned-up card that has no home here to a player who can plant it."""
    if asked_enough(state):
        return None
    fields = state.fields[seat]
    offered = {i for t in state.trades for i in t.give_face_up}
    free = free_fields(fields)
    for i, bean in enumerate(state.face_up):
        if i in offered or card_value(fields, bean, free) > 0:
            continue
        return ProposeTrade(to=gift_target(state, seat, bean), give_face_up=[i])
    return None


def smart_request(state: State, seat: int) -> ProposeTrade | None:
    """Ask the active player for a turned-up bean that grows one of this seat's rows, paying with the hand card
    that fits worst here when it fits nowhere (the turned-up cards must be planted or given away anyway)."""
    fields = state.fields[seat]
    wanted = next((b for b in state.face_up if grows(fields, b)), None)
    if wanted is None:
        return None
    hand = state.hands[seat]
    free = free_fields(fields)
    # from the back on a tie: the front card is the next to plant
    worst = min(range(len(hand)), key=lambda i: (card_value(fields, hand[i], free), -i), default=None)
    give = [worst] if worst is not None and card_value(fields, hand[worst], free) < 0 else []
    return ProposeTrade(to=state.active, give_hand=give, want={wanted: 1})


def gift_target(state: State, seat: int, bean: str) -> int:
    """The nearest seat clockwise that grows `bean`, else the nearest with a free field, else the next one."""
    clockwise = [(seat + k) % state.players for k in range(1, state.players)]
    growing = [s for s in clockwise if grows(state.fields[s], bean)]
    with_room = [s for s in clockwise if free_fields(state.fields[s]) > 0]
    return next(iter([*growing, *with_room]), clockwise[0])
