"""The smart bot's trading: it accepts only trades that bring beans it can plant without ploughing up a field,
gives away turned-up cards it cannot plant well (they fit no row and the free fields go to better beans) to a seat
that can plant them, asks for beans that grow a row, and, when another player's trade phase asks it something,
first offers that player a bean-for-bean swap: a hand card that fits nowhere here for a turned-up bean it grows.

It reads the seat's view only: its own hand, every field, the turned-up cards, the open proposals as its seat
sees them (another seat's hand positions are hidden; the beans a proposal gives are public)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.games.bohnanza.commands import AcceptTrade, Command, DeclineTrade, EndTrading, ProposeTrade
from domain.games.bohnanza.state import Field
from domain.games.bohnanza.trades import picked
from domain.games.bohnanza.views import TradeView, View

GIFTS_PER_TURN = 4


def grows(fields: Sequence[Field | None], bean: str) -> bool:
    return any(f is not None and f.bean == bean for f in fields)


def free_fields(fields: Sequence[Field | None]) -> int:
    return sum(1 for f in fields if f is None)


def find(trades: Sequence[TradeView], trade_id: int) -> TradeView | None:
    return next((t for t in trades if t.trade_id == trade_id), None)


def asked_enough(view: View) -> bool:
    """The turn has seen GIFTS_PER_TURN proposals from anyone: bots stop proposing, so that a player who
    declines is not asked forever."""
    return view.proposals >= GIFTS_PER_TURN


def card_value(fields: Sequence[Field | None], bean: str, free: int) -> float:
    """How welcome one more card of `bean` is: a growing row, else a free field, else a forced harvest."""
    if grows(fields, bean):
        return 1.0
    return 0.3 if free > 0 else -1.0


def gain(view: View, seat: int, received: list[str], given_hand: list[str]) -> float:
    fields = view.fields[seat]
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


def welcome_offer(view: View, seat: int, moves: Sequence[Command]) -> AcceptTrade | None:
    """The first acceptance among `moves` that leaves this seat better off."""
    for move in moves:
        if isinstance(move, AcceptTrade):
            trade = find(view.trades, move.trade_id)
            if trade is not None and gain(view, seat, trade.give, picked(view.hand, move.give_hand)) > 0:
                return move
    return None


def smart_trade(view: View, seat: int, moves: list[Command]) -> Command:
    if seat != view.active and may_ask(view, seat):
        swap = smart_swap(view, seat)
        if swap is not None:
            return swap  # asked something: first a swap of its own, then the answer (it is still asked)
    accepted = welcome_offer(view, seat, moves)
    if accepted is not None:
        return accepted
    declines = [m for m in moves if isinstance(m, DeclineTrade)]
    if declines:
        return declines[0]
    if seat != view.active:
        return moves[0]  # only the active player ends trading
    gift = surplus_gift(view, seat)
    return gift if gift is not None else EndTrading()


def may_ask(view: View, seat: int) -> bool:
    """At most one proposal of this seat's open at a time, and none once the turn has seen enough."""
    return not any(t.from_ == seat for t in view.trades) and not asked_enough(view)


def homes(fields: Sequence[Field | None], beans: Sequence[str]) -> set[str]:
    """The beans of `beans` this seat plants well: those that grow a row, and, for each free field, one more
    bean that has none (the one with the most cards here first, then the first to come)."""
    kept = {b for b in beans if grows(fields, b)}
    homeless = [b for b in beans if b not in kept]
    ranked = sorted(dict.fromkeys(homeless), key=lambda b: -homeless.count(b))
    return kept | set(ranked[: free_fields(fields)])


def surplus_gift(view: View, seat: int) -> ProposeTrade | None:
    """Offer a turned-up card this seat cannot plant well to a player who can plant it. The cards already received
    (pending) claim the free fields first: they must be planted too."""
    if asked_enough(view):
        return None
    fields = view.fields[seat]
    offered = {i for t in view.trades for i in t.give_face_up}
    left = [b for i, b in enumerate(view.face_up) if i not in offered]
    pending = list(view.pending[seat])
    kept = homes(fields, [*pending, *left])
    for i, bean in enumerate(view.face_up):
        if i in offered or bean in kept:
            continue
        return ProposeTrade(to=gift_target(view, seat, bean), give_face_up=[i])
    return None


def smart_swap(view: View, seat: int) -> ProposeTrade | None:
    """A bean for a bean, to the active player: the hand card that fits worst here (it must fit nowhere) for a
    turned-up bean that grows one of this seat's rows and that is not already offered to it."""
    fields = view.fields[seat]
    offered = {i for t in view.trades for i in t.give_face_up}
    wanted = next((b for i, b in enumerate(view.face_up) if i not in offered and grows(fields, b)), None)
    hand = view.hand
    if wanted is None or not hand:
        return None
    free = free_fields(fields)
    worst = min(range(len(hand)), key=lambda i: (card_value(fields, hand[i], free), -i))
    if card_value(fields, hand[worst], free) >= 0 or hand[worst] == wanted:
        return None
    return ProposeTrade(to=view.active, give_hand=[worst], want={wanted: 1})


def smart_request(view: View, seat: int) -> ProposeTrade | None:
    """Ask the active player for a turned-up bean that grows one of this seat's rows, paying with the hand card
    that fits worst here when it fits nowhere (the turned-up cards must be planted or given away anyway)."""
    fields = view.fields[seat]
    wanted = next((b for b in view.face_up if grows(fields, b)), None)
    if wanted is None:
        return None
    hand = view.hand
    free = free_fields(fields)
    # from the back on a tie: the front card is the next to plant
    worst = min(range(len(hand)), key=lambda i: (card_value(fields, hand[i], free), -i), default=None)
    give = [worst] if worst is not None and card_value(fields, hand[worst], free) < 0 else []
    return ProposeTrade(to=view.active, give_hand=give, want={wanted: 1})


def gift_target(view: View, seat: int, bean: str) -> int:
    """The nearest seat clockwise that grows `bean`, else the nearest with a free field, else the next one."""
    players = len(view.fields)
    clockwise = [(seat + k) % players for k in range(1, players)]
    growing = [s for s in clockwise if grows(view.fields[s], bean)]
    with_room = [s for s in clockwise if free_fields(view.fields[s]) > 0]
    return next(iter([*growing, *with_room]), clockwise[0])
