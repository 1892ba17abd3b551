"""Six-nimmt's `expert` bot: the determinized search of domain/kernel/search.py, with what is six-nimmt's own.

The worlds it imagines: the cards its seat cannot see are the deck less its hand, the rows, the cards taken this
round and the revealed cards (every card of a round is dealt anew, so nothing of earlier rounds is missing); the
other hands are drawn from them at the sizes the view shows (in `pro` every hand is public and only the other
seats' secret choices are imagined). A seat the view says has chosen chooses in the world as the smart bot would
from its imagined hand. It judges a move by the heads everyone holds once the round is over (or after `DEPTH`
commands): the totals plus the heads taken this round, lower is better.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.six_nimmt.bots import card_risk, smart
from domain.games.six_nimmt.cards import deck, heads_of
from domain.games.six_nimmt.commands import Command, PlayCard
from domain.games.six_nimmt.decide import decide
from domain.games.six_nimmt.evolve import evolve
from domain.games.six_nimmt.legal import awaiting, legal_moves
from domain.games.six_nimmt.options import Options
from domain.games.six_nimmt.state import RULES, State
from domain.games.six_nimmt.views import View, view
from domain.kernel.bots import Seen
from domain.kernel.search import Expertise, deal, expert_of, round_over, seat_policy, standing, without
from domain.kernel.shuffle import Draws

WORLDS = 6  # worlds per move at budget 1: a move's median and p95 under 200 ms (bench/expert.py; docs/benchmarks.md)
STEPS = 5000  # commands a move's search plays in all at budget 1, at most: its slowest moves under 200 ms (ditto)
LIMIT = 6  # candidate moves weighed at most
DEPTH = 60  # commands: more than a 10-seat turn, and a 4-seat round from its first turn

Sight = Seen[View, Command, Options]
policy = seat_policy(view, legal_moves, lambda s: s.options, smart)


def sample(seen: Sight, draws: Draws) -> State:
    """A full state giving `seen.seat` exactly `seen.view`."""
    v, seat, options = seen.view, seen.seat, seen.options
    players = len(v.hand_sizes)
    if v.hands is not None:
        hands = [list(h) for h in v.hands]
    else:
        known = [*v.hand, *(c for row in v.rows for c in row), *(c for p in v.penalties for c in p)]
        known += [r.card for r in v.revealed]
        unseen = without(deck(players, options.full_deck), known)
        others = [s for s in range(players) if s != seat]
        dealt, _ = deal(unseen, [v.hand_sizes[s] for s in others], draws)
        hands = [list(v.hand) if s == seat else [] for s in range(players)]
        for s, cards in zip(others, dealt, strict=True):
            hands[s] = sorted(cards)
    phase = "choose" if v.phase == "choose" and not v.revealed else v.phase
    state = State(
        players=players,
        options=options,
        phase=phase,
        round=v.round,
        turn=v.turn - 1 if phase in ("draft", "choose") else v.turn,
        hands=hands,
        rows=[list(r) for r in v.rows],
        chosen=[v.my_choice if s == seat else None for s in range(players)],
        pending=[(r.seat, r.card) for r in v.revealed],
        asked=v.asked,
        pool=list(v.pool),
        drafter=v.drafter if v.drafter is not None else 0,
        penalties=[list(p) for p in v.penalties],
        totals=list(v.totals),
        rules=RULES,
    )
    return with_choices(state, seat, v.chosen, draws)


def with_choices(state: State, seat: int, chose: list[bool], draws: Draws) -> State:
    """The other seats that have chosen (the view says who, never what) choose as the smart bot would."""
    if state.phase != "choose":
        return state
    chosen = list(state.chosen)
    for other, done in enumerate(chose):
        if done and other != seat and state.hands[other]:
            move = policy(state, other, draws)
            chosen[other] = move.card if isinstance(move, PlayCard) else state.hands[other][0]
    return replace(state, chosen=chosen)


def heads_held(state: State) -> list[int]:
    """Every seat's heads: its total so far and what it has taken this round."""
    return [t + heads_of(p) for t, p in zip(state.totals, state.penalties, strict=True)]


def value(world: State, state: State, seat: int) -> float:
    return standing(heads_held(state), seat, higher_wins=False)


def candidates(seen: Sight, draws: Draws) -> list[Command]:
    """The smart move, then the others from the least to the most risky by smart's estimate (the search weighs only
    the first `LIMIT`: the riskiest cards of a full hand are seldom the best, and each costs a rollout per world)."""
    rows = seen.view.rows
    ranked = sorted(seen.moves, key=lambda m: card_risk(rows, m.card) if isinstance(m, PlayCard) else 0.0)
    return [smart(seen, draws), *ranked]


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
    limit=LIMIT,
)

expert = expert_of(EXPERTISE)
