"""Bohnanza's `expert` bot: the determinized search of domain/kernel/search.py, with what is bohnanza's own.

The worlds it imagines: the cards its seat cannot see are the box's beans less its hand, every field, the turned-up
and pending cards, the discard pile's top and the hand cards the other seats' open proposals give (the beans a
proposal gives are public, their places in the hand are not); they are dealt at random into the other hands (with
the beans they offer, at random places), the deck, the discard pile under its top and the gold piles, each at the
size the view shows. It judges a move after `DEPTH` commands (or the game's end) by each seat's coins plus what its
fields would fetch if harvested then: higher is better.
"""

from __future__ import annotations

from typing import Any

from domain.games.bohnanza.bots import smart
from domain.games.bohnanza.cards import coins_for, deck
from domain.games.bohnanza.commands import (
    AcceptTrade,
    Command,
    DeclineTrade,
    EndTrading,
    Harvest,
    Plant,
    PlantPending,
    TurnUp,
)
from domain.games.bohnanza.decide import decide
from domain.games.bohnanza.evolve import evolve
from domain.games.bohnanza.legal import awaiting, legal_moves
from domain.games.bohnanza.options import Options, starting_fields
from domain.games.bohnanza.state import State, Trade
from domain.games.bohnanza.views import View, view
from domain.kernel.bots import Seen
from domain.kernel.search import Expertise, deal, expert_of, seat_policy, shuffled, standing, without
from domain.kernel.shuffle import Draws

WORLDS = 6  # worlds per move at budget 1: a move's median and p95 under 200 ms (bench/expert.py; docs/benchmarks.md)
STEPS = 2000  # commands a move's search plays in all at budget 1, at most: its slowest moves under 200 ms (ditto)
DEPTH = 16  # commands after the move: the rest of a turn and the start of the next
FIELD_WORTH = 0.8  # a field's coins count a little less than coins in hand: it may yet be ploughed up

Sight = Seen[View, Command, Options]
PLANTINGS: tuple[type, ...] = (Plant, TurnUp, PlantPending)
ANSWERS: tuple[type, ...] = (AcceptTrade, DeclineTrade, EndTrading)
policy = seat_policy(view, legal_moves, lambda s: s.options, smart)


def offered_from_hand(v: View, seat: int) -> list[str]:
    """The hand cards the open proposals of `seat` give: a proposal's `give` lists its hand cards first."""
    cards: list[str] = []
    for t in v.trades:
        if t.from_ == seat:
            from_hand = t.give[: len(t.give) - len(t.give_face_up)]
            cards += without(from_hand, cards)  # two proposals may offer the same card
    return cards


def sample(seen: Sight, draws: Draws) -> State:
    """A full state giving `seen.seat` exactly `seen.view`."""
    v, seat = seen.view, seen.seat
    players = len(v.hand_sizes)
    others = [s for s in range(players) if s != seat]
    offered = {s: offered_from_hand(v, s)[: v.hand_sizes[s]] for s in others}
    planted = [f.bean for fields in v.fields for f in fields if f is not None for _ in range(f.count)]
    top = [v.discard_top] if v.discard_top is not None else []
    pending = [c for cards in v.pending for c in cards]
    known = [*v.hand, *planted, *v.face_up, *pending, *top, *(c for s in others for c in offered[s])]
    unseen = without(deck(seen.options.extended), known)
    sizes = [v.hand_sizes[s] - len(offered[s]) for s in others]
    sizes += [v.deck_size, max(0, v.discard_size - len(top)), *v.coins]
    dealt, _ = deal(unseen, sizes, draws)
    hands = [list(v.hand) if s == seat else [] for s in range(players)]
    for s, cards in zip(others, dealt[: len(others)], strict=True):
        hands[s] = shuffled([*offered[s], *cards], draws)
    at = len(others)
    deck_cards, under = dealt[at], dealt[at + 1]
    gold = dealt[at + 2 : at + 2 + players]
    trades = [trade_in(t, hands[t.from_], t.give_hand) for t in v.trades]
    next_id = max((t.trade_id for t in v.trades), default=0) + 1
    three = sum(1 for fields in v.fields if len(fields) == 3) if starting_fields(players) == 2 else 0
    return State(
        players=players,
        options=seen.options,
        phase=v.phase,
        active=v.active,
        planted=v.planted,
        deck=deck_cards,
        discard=[*under, *top],
        hands=hands,
        fields=[list(f) for f in v.fields],
        face_up=list(v.face_up),
        pending=[list(p) for p in v.pending],
        gold=gold,
        exhaustions=v.exhaustions,
        trades=trades,
        next_trade_id=next_id,
        turn_first_trade_id=next_id - v.proposals,
        third_fields=three,
        winners=list(v.winners),
    )


def trade_in(t: Any, hand: list[str], shown: list[int] | None) -> Trade:
    """An open proposal as the state keeps it: its hand cards at places in the (imagined) hand of its proposer."""
    from_hand = t.give[: len(t.give) - len(t.give_face_up)]
    if shown is not None:
        places = list(shown)
    else:
        places, free = [], list(range(len(hand)))
        for bean in from_hand:
            at = next((i for i in free if hand[i] == bean), None)
            if at is not None:
                places.append(at)
                free.remove(at)
    return Trade(
        trade_id=t.trade_id,
        seat=t.from_,
        to=t.to,
        give_hand=places,
        give_face_up=list(t.give_face_up),
        give=list(t.give),
        want=dict(t.want),
    )


def worth(state: State) -> list[float]:
    """Coins, and what the fields would fetch now."""
    return [
        len(gold) + FIELD_WORTH * sum(coins_for(f.bean, f.count) for f in fields if f is not None)
        for gold, fields in zip(state.gold, state.fields, strict=True)
    ]


def value(world: State, state: State, seat: int) -> float:
    return standing(worth(state), seat, higher_wins=True)


def stop(world: State, state: State) -> bool:
    return state.phase == "finished"


def candidates(seen: Sight, draws: Draws) -> list[Command]:
    """The smart move, then the moves worth weighing against it: in the trade phase the answers (accept an offer,
    decline it, end the trading), in the others the plantings (which card where, a second card or not).

    Proposals are left to the smart trader: the legal moves only sketch them (any cards for any beans is too wide a
    space to roll out). A harvest is weighed only against other harvests, when smart harvests: rolled out a few
    commands, a harvest looks like coins gained at once while the beans the field would still have grown are out
    of sight (weighed freely, the search harvested far too early)."""
    first = smart(seen, draws)
    kinds = ANSWERS if seen.view.phase == "trade" else PLANTINGS
    if isinstance(first, Harvest):
        kinds = (Harvest,)
    return [first, *(m for m in seen.moves if isinstance(m, kinds))]


EXPERTISE: Expertise[State, Command] = Expertise(
    decide=decide,
    evolve=evolve,
    awaiting=awaiting,
    policy=policy,
    sample=sample,
    value=value,
    stop=stop,
    worlds=WORLDS,
    depth=DEPTH,
    steps=STEPS,
    candidates=candidates,
)

expert = expert_of(EXPERTISE)
