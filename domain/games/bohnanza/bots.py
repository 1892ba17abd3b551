"""Bohnanza bots: `random` plays any legal move (and fills proposals at random); `smart` farms.

The smart bot keeps fields growing: it plants into a field of the same bean, else an empty one,
harvests the field worth most when it must, gives away turned-up cards that fit nowhere, and
accepts only trades that bring beans it can plant without ploughing up a field.

While a person is the active player and trades, bots also react unasked (`bot_reaction`): they answer the
open offers and propose trades to that player, as people around a table do.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.games.bohnanza.cards import beans, coins_for, next_threshold
from domain.games.bohnanza.commands import (
    AcceptTrade,
    BuyField,
    Command,
    DeclineTrade,
    EndTrading,
    Harvest,
    Plant,
    PlantPending,
    ProposeTrade,
    TurnUp,
)
from domain.games.bohnanza.legal import legal_moves
from domain.games.bohnanza.state import Field, State
from domain.games.bohnanza.trades import find, picked
from domain.kernel.bots import pick
from domain.kernel.shuffle import Draws

GIFTS_PER_TURN = 4


def random_move(state: State, seat: int, moves: list[Command], draws: Draws) -> Command:
    """Any legal move; a proposal drawn among the legal ones gets a random trade to carry."""
    move = pick(moves, draws)
    if isinstance(move, ProposeTrade):
        return random_proposal(state, seat, move, draws)
    return move


def bot_reaction(state: State, seat: int, level: str, draws: Draws) -> Command | None:
    """Unasked, in another player's trade phase: take an open offer, or ask the active player for a trade.

    At most one proposal of this seat open at a time, and none once the turn has seen GIFTS_PER_TURN
    proposals from anyone, so a player who declines is not asked forever.
    """
    if state.phase != "trade" or seat == state.active:
        return None
    moves = legal_moves(state, seat)
    offers = [m for m in moves if isinstance(m, AcceptTrade) and open_offer(state, m.trade_id)]
    may_propose = (
        not any(t.seat == seat for t in state.trades)
        and state.next_trade_id - state.turn_first_trade_id < GIFTS_PER_TURN
    )
    if level == "smart":
        for move in offers:
            trade = find(state.trades, move.trade_id)
            if trade is not None and gain(state, seat, trade.give, picked(state.hands[seat], move.give_hand)) > 0:
                return move
        return smart_request(state, seat) if may_propose else None
    options: list[Command | None] = [None, *offers]
    template = next((m for m in moves if isinstance(m, ProposeTrade)), None)
    if may_propose and template is not None:
        options.append(random_proposal(state, seat, template, draws))
    return pick(options, draws)


def open_offer(state: State, trade_id: int) -> bool:
    trade = find(state.trades, trade_id)
    return trade is not None and trade.to is None


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


# --- the smart bot ------------------------------------------------------------------------------


def smart(state: State, seat: int, moves: list[Command], draws: Draws) -> Command:
    match state.phase:
        case "plant" if seat == state.active:
            return smart_plant(state, seat, moves)
        case "trade":
            return smart_trade(state, seat, moves)
        case "plant_pending" if state.pending[seat]:
            return smart_pending(state, seat, moves)
    return pick(moves, draws)


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


def smart_plant(state: State, seat: int, moves: list[Command]) -> Command:
    fields = state.fields[seat]
    hand = state.hands[seat]
    done = ripe(fields, moves)
    if done is not None:
        return done
    if any(isinstance(m, BuyField) for m in moves) and state.exhaustions == 0:
        return BuyField()
    if hand and state.planted < 2:
        home = home_for(fields, hand[0])
        if home is not None and (state.planted == 0 or fields[home] is not None or len(hand) == 1):
            return Plant(field=home)
        if state.planted == 0:
            choice = harvest_choice(fields, moves, set())
            if choice is not None:
                return choice
    return TurnUp()


def card_value(fields: Sequence[Field | None], bean: str, free: int) -> float:
    """How welcome one more card of `bean` is: a growing row, else a free field, else a forced harvest."""
    if any(f is not None and f.bean == bean for f in fields):
        return 1.0
    return 0.3 if free > 0 else -1.0


def gain(state: State, seat: int, received: list[str], given_hand: list[str]) -> float:
    fields = state.fields[seat]
    free = sum(1 for f in fields if f is None)
    total = 0.0
    newcomers: set[str] = set()
    for bean in received:
        if any(f is not None and f.bean == bean for f in fields) or bean in newcomers:
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


def smart_trade(state: State, seat: int, moves: list[Command]) -> Command:
    for move in moves:
        if isinstance(move, AcceptTrade):
            trade = find(state.trades, move.trade_id)
            if trade is not None and gain(state, seat, trade.give, picked(state.hands[seat], move.give_hand)) > 0:
                return move
    declines = [m for m in moves if isinstance(m, DeclineTrade)]
    if declines:
        return declines[0]
    if seat != state.active:
        return next((m for m in moves if isinstance(m, EndTrading)), declines[0] if declines else moves[0])
    gift = surplus_gift(state, seat)
    return gift if gift is not None else EndTrading()


def surplus_gift(state: State, seat: int) -> ProposeTrade | None:
    """Offer a turned-up card that has no home here to a player who can plant it."""
    if state.next_trade_id - state.turn_first_trade_id >= GIFTS_PER_TURN:
        return None
    fields = state.fields[seat]
    offered = {i for t in state.trades for i in t.give_face_up}
    free = sum(1 for f in fields if f is None)
    for i, bean in enumerate(state.face_up):
        if i in offered or card_value(fields, bean, free) > 0:
            continue
        return ProposeTrade(to=gift_target(state, seat, bean), give_face_up=[i])
    return None


def smart_request(state: State, seat: int) -> ProposeTrade | None:
    """Ask the active player for a turned-up bean that grows one of this seat's rows, paying with the hand card
    that fits worst here when it fits nowhere (the turned-up cards must be planted or given away anyway)."""
    fields = state.fields[seat]
    wanted = next((b for b in state.face_up if any(f is not None and f.bean == b for f in fields)), None)
    if wanted is None:
        return None
    hand = state.hands[seat]
    free = sum(1 for f in fields if f is None)
    # from the back on a tie: the front card is the next to plant
    worst = min(range(len(hand)), key=lambda i: (card_value(fields, hand[i], free), -i), default=None)
    give = [worst] if worst is not None and card_value(fields, hand[worst], free) < 0 else []
    return ProposeTrade(to=state.active, give_hand=give, want={wanted: 1})


def gift_target(state: State, seat: int, bean: str) -> int:
    others = [(s - seat) % state.players for s in range(state.players) if s != seat]
    for s in sorted(others):
        target = (seat + s) % state.players
        if any(f is not None and f.bean == bean for f in state.fields[target]):
            return target
    for s in sorted(others):
        target = (seat + s) % state.players
        if any(f is None for f in state.fields[target]):
            return target
    return (seat + 1) % state.players


def smart_pending(state: State, seat: int, moves: list[Command]) -> Command:
    fields = state.fields[seat]
    plants = [m for m in moves if isinstance(m, PlantPending)]
    onto_row = [m for m in plants if fields[m.field] is not None]
    if onto_row:
        return onto_row[0]
    if plants:
        pending = state.pending[seat]
        return max(plants, key=lambda m: pending.count(pending[m.card]))
    choice = harvest_choice(fields, moves, set(state.pending[seat]))
    return choice if choice is not None else moves[0]
