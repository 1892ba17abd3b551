"""Le Barbu's `expert` bot: the determinized search of domain/kernel/search.py, with what is barbu's own.

The worlds it imagines: the cards its seat cannot see are the deck less the removed cards, its hand and the cards
laid this round (the view's `played`); they are dealt at random into the other hands at the sizes the view shows.
It judges a move (a contract, a card, a pass) by the points everyone stands at once the round is over (or after
`DEPTH` commands): the totals plus the round's points, lower is better.
"""

from __future__ import annotations

from domain.games.barbu.bots import smart
from domain.games.barbu.cards import DECK, RANK_VALUE, in_canonical_order
from domain.games.barbu.commands import Command
from domain.games.barbu.decide import decide
from domain.games.barbu.evolve import evolve
from domain.games.barbu.legal import awaiting, legal_moves
from domain.games.barbu.options import Options
from domain.games.barbu.state import RULES, State
from domain.games.barbu.views import View, view
from domain.kernel.bots import Seen
from domain.kernel.search import Expertise, deal, expert_of, round_over, seat_policy, standing, without
from domain.kernel.shuffle import Draws

WORLDS = 6  # worlds per move at budget 1: a move's median and p95 under 200 ms (bench/expert.py; docs/benchmarks.md)
STEPS = 5000  # commands a move's search plays in all at budget 1, at most: its slowest moves under 200 ms (ditto)
DEPTH = 80  # commands: past the end of any round (13 tricks at four seats; réussite's passes)

Sight = Seen[View, Command, Options]
policy = seat_policy(view, legal_moves, lambda s: s.options, smart)


def sample(seen: Sight, draws: Draws) -> State:
    """A full state giving `seen.seat` exactly `seen.view`."""
    v, seat = seen.view, seen.seat
    players = len(v.hand_sizes)
    unseen = without(DECK, [*v.removed, *v.hand, *v.played])
    others = [s for s in range(players) if s != seat]
    dealt, _ = deal(unseen, [v.hand_sizes[s] for s in others], draws)
    hands = [list(v.hand) if s == seat else [] for s in range(players)]
    for s, cards in zip(others, dealt, strict=True):
        hands[s] = in_canonical_order(cards)
    return State(
        players=players,
        options=seen.options,
        phase=v.phase,
        round=v.round,
        chooser=v.chooser,
        contract=v.contract,
        contracts_left=[list(c) for c in v.contracts_left],
        hands=hands,
        removed=list(v.removed),
        turn=v.turn if v.turn is not None else v.chooser,
        totals=list(v.totals),
        round_points=list(v.round_points),
        trick=[(laid.seat, laid.card) for laid in v.trick],
        tricks_played=sum(v.tricks_won),
        tricks_won=list(v.tricks_won),
        last_trick=[(laid.seat, laid.card) for laid in v.last_trick],
        opening=RANK_VALUE[v.opening_rank] if v.opening_rank is not None else None,
        lines={s: (RANK_VALUE[low], RANK_VALUE[high]) for s, (low, high) in v.lines.items()},
        extra_play=v.extra_play,
        passes=0,  # the view does not count the passes since the last card: the world starts the count afresh
        out=list(v.out),
        rules=RULES,
    )


def value(world: State, state: State, seat: int) -> float:
    points = [t + p for t, p in zip(state.totals, state.round_points, strict=True)]
    return standing(points, seat, higher_wins=False)


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
)

expert = expert_of(EXPERTISE)
