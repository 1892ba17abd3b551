"""Le Jeu du Daron's `expert` bot: the determinized search of domain/kernel/search.py, with what is daron's own.

The worlds it imagines: the cards its seat cannot see are the deck less its hand, the discard pile's top (a number
card of the value the view shows), the duel pile (face up) and the brawl pile (Daron cards only); they are dealt at
random into the other hands, the draw pile and the discard pile under its top (number cards and jokers first: only
deposits go there), each at the size the view shows. It judges a move after `DEPTH` commands (about a turn of
every seat), or once the round is over, by what the rollout brought the seat against the others on average: the
points scored, and the hand points shed (the fewer a seat holds, the nearer to going out). Rollouts to the round's
end judged worse than smart's own heuristics: their outcome is mostly the luck of the draws.
"""

from __future__ import annotations

from domain.games.daron.bots import smart
from domain.games.daron.cards import DARON, JOKERS, deck, hand_points, is_number, sort_hand
from domain.games.daron.commands import Command
from domain.games.daron.decide import decide
from domain.games.daron.evolve import evolve
from domain.games.daron.legal import awaiting, legal_moves
from domain.games.daron.options import Options
from domain.games.daron.state import BrawlInPlay, DuelInPlay, Stage, State
from domain.games.daron.views import View, view
from domain.kernel.bots import Seen
from domain.kernel.search import Expertise, deal, expert_of, round_over, seat_policy, shuffled, without
from domain.kernel.shuffle import Draws

WORLDS = 4  # worlds per move at budget 1: 16 played no better (30.7 % against 33.9 %, docs/benchmarks.md)
STEPS = 2500  # commands a move's search plays in all at budget 1, at most: its slowest moves under 200 ms (ditto)
PRIOR = 2.0  # points: the smart move's head start per world (domain/kernel/search.py)
DEPTH = 6  # commands after the move: about a turn of every seat at four seats (longer rollouts only added noise)
SHED = 1.0  # what a hand point shed counts for, against a point scored

# The rules version the worlds of a game of rules 1 or 2 are played by: 2, as before version 3. The audit searches each
# recorded expert move again (services/verify.py, `bot_moves`), so those games' worlds stay exactly as they were (the
# drawn card unknown, `drew_nothing` false); a game of version 3 imagines worlds by its own rules and its drawn card.
EARLIER_WORLDS = 2

Sight = Seen[View, Command, Options]
policy = seat_policy(view, legal_moves, lambda s: s.options, smart)


def stage_of(v: View) -> Stage | DuelInPlay | BrawlInPlay:
    if v.duel is not None:
        d = v.duel
        return DuelInPlay(attacker=d.attacker, defender=d.defender, amount=d.amount, to_answer=d.to_answer)
    if v.brawl is not None:
        b = v.brawl
        return BrawlInPlay(initiator=b.initiator, count=b.count, to_answer=b.to_answer)
    return "drawn" if v.phase == "drawn" else "play"


def world_rules(seen: Sight) -> int:
    return max(seen.rules, EARLIER_WORLDS)


def sample(seen: Sight, draws: Draws) -> State:
    """A full state giving `seen.seat` exactly `seen.view`."""
    v, seat = seen.view, seen.seat
    rules = world_rules(seen)
    recent = rules >= 3  # what worlds before version 3 did not know stays unknown to them
    players = len(v.hand_sizes)
    top = [str(v.top)] if v.top is not None else []
    brawled = [DARON] * v.brawl_size
    unseen = shuffled(without(deck(), [*v.hand, *top, *v.duel_pile, *brawled]), draws)
    # under the top lie only deposited cards: number cards and jokers
    depositable = [c for c in unseen if is_number(c) or c in JOKERS]
    under = depositable[: max(0, v.discard_size - len(top))]
    rest = without(unseen, under)
    others = [s for s in range(players) if s != seat]
    dealt, _ = deal(rest, [*(v.hand_sizes[s] for s in others), v.draw_size], draws)
    hands = [list(v.hand) if s == seat else [] for s in range(players)]
    for s, cards in zip(others, dealt[: len(others)], strict=True):
        hands[s] = sort_hand(cards)
    return State(
        players=players,
        options=seen.options,
        stage=stage_of(v),
        round=v.round,
        hands=hands,
        draw_pile=dealt[-1],
        discard=[*under, *top],
        duel_pile=list(v.duel_pile),
        brawl_pile=brawled,
        direction=v.direction,
        to_act=v.to_act,
        totals=list(v.scores),
        rules=rules,
        # version 3: the deposit after a draw lays the drawn card, which the drawer's view shows
        drawn=v.drawn if recent else None,
        drew_nothing=recent and v.phase == "drawn" and v.drawn is None,
    )


def value(world: State, state: State, seat: int) -> float:
    """What the rollout brought the seat against the others on average: the points scored (a round won), and, the
    round still running, the hand points shed (the fewer a seat holds, the nearer it is to going out, and the less
    the others score when they do): each seat's standing before the move is the same for every candidate."""
    scored = [float(a - b) for a, b in zip(state.totals, world.totals, strict=True)]
    if state.round == world.round and state.phase != "finished":
        shed = [hand_points(h0) - hand_points(h1) for h0, h1 in zip(world.hands, state.hands, strict=True)]
        scored = [s + SHED * d for s, d in zip(scored, shed, strict=True)]
    others = (sum(scored) - scored[seat]) / max(1, len(scored) - 1)
    return scored[seat] - others


def candidates(seen: Sight, draws: Draws) -> list[Command]:
    return [smart(seen, draws), *seen.moves]


EXPERTISE: Expertise[State, Command] = Expertise(
    decide=decide,
    evolve=evolve,
    awaiting=awaiting,
    policy=policy,
    sample=sample,
    value=value,
    stop=round_over,
    worlds=WORLDS,
    depth=DEPTH,
    steps=STEPS,
    candidates=candidates,
    prior=PRIOR,
)

expert = expert_of(EXPERTISE)
