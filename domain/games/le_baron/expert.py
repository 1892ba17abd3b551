"""Le Baron's `expert` bot: the determinized search of domain/kernel/search.py, with what is le-baron's own.

The worlds it imagines: the cards its seat cannot see are the 110 less its hand, the rows, the cards taken this
round and the revealed cards; they are dealt at random into the other hands, every pile (its own too: a pile is
secret even to its owner) and the box, each at the size the view shows. A seat the view says has chosen chooses in
the world as the smart bot would from its imagined hand. It judges a move by the points the rollout brought its
seat, against what it brought the others on average, after `DEPTH` commands (about three turns) or once the
round is over (in the `positive` variant the points still in hand and pile count against their owner, as the
round's end counts them), fewer being better (more in `positive`). Rollouts to the round's end judged far worse:
the hands still to come from the piles are luck, and their noise swamped the moves' differences.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.le_baron.bots import smart
from domain.games.le_baron.cards import canonical_order, points_of
from domain.games.le_baron.commands import Command, PlayCard
from domain.games.le_baron.decide import decide
from domain.games.le_baron.evolve import evolve
from domain.games.le_baron.legal import legal_moves
from domain.games.le_baron.options import Options
from domain.games.le_baron.state import Phase, State
from domain.games.le_baron.views import View, view
from domain.kernel.bots import Seen
from domain.kernel.search import Expertise, deal, expert_of, round_over, seat_policy, without
from domain.kernel.secret_choice import awaiting
from domain.kernel.shuffle import Draws

WORLDS = 10  # worlds per move at budget 1: a move's median and p95 under 200 ms (bench/expert.py; docs/benchmarks.md)
STEPS = 3500  # commands a move's search plays in all at budget 1, at most: its slowest moves under 200 ms (ditto)
DEPTH = 14  # commands after the move: about three turns at four seats (to the round's end: only noise)
PRIOR = 0.5  # points: the smart move's head start per world (domain/kernel/search.py)

Sight = Seen[View, Command, Options]
policy = seat_policy(view, legal_moves, lambda s: s.options, smart)


def sample(seen: Sight, draws: Draws) -> State:
    """A full state giving `seen.seat` exactly `seen.view`."""
    v, seat = seen.view, seen.seat
    players = len(v.hand_sizes)
    known = [
        *v.hand,
        *(c for row in v.rows for c in row),
        *(c for t in v.taken for c in t),
        *(r.card for r in v.revealed),
    ]
    unseen = without(canonical_order(), known)
    others = [s for s in range(players) if s != seat]
    sizes = [v.hand_sizes[s] for s in others] + list(v.pile_sizes) + [v.box_size]
    dealt, _ = deal(unseen, sizes, draws)
    hands = [list(v.hand) if s == seat else [] for s in range(players)]
    for s, cards in zip(others, dealt[: len(others)], strict=True):
        hands[s] = sorted(cards)
    piles = dealt[len(others) : len(others) + players]
    phase: Phase = "choose_row" if v.phase == "choose_row" else "choose"
    state = State(
        players=players,
        options=seen.options,
        piles=[list(p) for p in piles],
        phase=phase,
        round=v.round,
        turn=v.turn - 1 if phase == "choose" else v.turn,
        hands=hands,
        rows=[list(r) for r in v.rows],
        box=list(dealt[-1]),
        chosen=[v.my_choice if s == seat else None for s in range(players)],
        pending=[(r.seat, r.card) for r in v.revealed],
        asked=v.asked,
        choices=list(v.choices),
        ask_reason=v.ask_reason,
        taken=[list(t) for t in v.taken],
        totals=list(v.totals),
    )
    if phase != "choose":
        return state
    chosen = list(state.chosen)
    for other, done in enumerate(v.chosen):
        if done and other != seat and hands[other]:
            move = policy(state, other, draws)
            chosen[other] = move.card if isinstance(move, PlayCard) else hands[other][0]
    return replace(state, chosen=chosen)


def standing_points(state: State) -> list[int]:
    if not state.options.positive:
        return list(state.totals)
    left = [points_of(h) + points_of(p) for h, p in zip(state.hands, state.piles, strict=True)]
    return [t - lp for t, lp in zip(state.totals, left, strict=True)]


def value(world: State, state: State, seat: int) -> float:
    """The points the rollout brought the seat against what it brought the others on average (each seat's points
    before the move are the same for every candidate, and the lead over the best of the others is too noisy a
    measure over a few worlds)."""
    before, after = standing_points(world), standing_points(state)
    gained = [a - b for a, b in zip(after, before, strict=True)]
    others = (sum(gained) - gained[seat]) / max(1, len(gained) - 1)
    lead = gained[seat] - others
    return lead if state.options.positive else -lead


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
