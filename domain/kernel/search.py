"""The `expert` bot level's engine: determinized Monte-Carlo search from a seat's view alone.

A bot of level `expert` is handed the same `Seen` as every other bot (domain/kernel/bots.py): its seat's view, the
options and its legal moves, never the state. To weigh a move it imagines `worlds` full states that give its seat
exactly that view (the game's `sample`: the cards it cannot see dealt at random among the places the view says hold
them, each keeping the size the view shows), plays each candidate move in each world, lets every seat go on by the
game's `smart` policy (on that seat's view of the imagined world) for at most `depth` commands or until the stretch
of play it judges by is over (`stop`: the round, usually), and keeps the candidate whose rollouts end best for it on
average (`value`). Every candidate is tried in the same worlds, with the same deals and the same rollout draws
(common random numbers), so that the comparison measures the moves, not the luck of the worlds.

Three things keep a few worlds from doing harm or wasting time. The smart move is the first candidate and starts
`prior` ahead in every world: with few worlds the noise of the rollouts alone would otherwise pull the search off a
sound move as often as onto a better one, and a search that deviates at random plays worse than smart. A game may
rank its candidates and weigh only the first `limit`. And the worlds are tried one at a time: a candidate that the
worlds left could no longer bring level with the leader is dropped, and the search stops once one is left.

Nothing here reads a clock: the budget is a count. `budget` scales the number of worlds (the services' setting
`TAPIS_BOT_EXPERT_BUDGET`) and the `steps` a search may play in all (each candidate move and each rollout command
is one): the worlds keep a typical move well inside the time a move may take, the steps bound the rare move with
many candidates and long rollouts (a daron turn with a dozen combinations), each game choosing both so that no move
takes more than about 200 ms on the reference machine (docs/benchmarks.md). A world the steps run out in is not
counted: the moves are compared over the worlds every one of them was played in, and where not even the first
world could be played through, the smart move is kept. All randomness comes from the bot's `Draws` (its
`bot:<seat>:<version>` label of the deal key), so for one seed, one view and one budget the move is always the
same: replays and the audit never run the search again (the move is recorded as chosen), and would find the same
move if they did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from domain.kernel.bots import Seen
from domain.kernel.context import Shuffler
from domain.kernel.errors import RuleViolation
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import Viewer

S = TypeVar("S")
C = TypeVar("C")
T = TypeVar("T")

_WORD = 1 << 64


@dataclass(frozen=True)
class Expertise(Generic[S, C]):
    """What the search needs of one game: its rules as pure functions, and what is the game's own to judge."""

    decide: Callable[[S, int, C, Shuffler], list[Any]]
    evolve: Callable[[S, Any], S]
    awaiting: Callable[[S], list[int]]
    # the move of `seat` in an imagined world: the game's smart policy on that seat's view of it
    policy: Callable[[S, int, Draws], C]
    # a full state that gives `seen.seat` exactly `seen.view`, the hidden cards drawn from `draws`
    sample: Callable[[Seen[Any, C, Any], Draws], S]
    # (the sampled world, a state the rollout reached, the seat) -> how good that state is for the seat
    value: Callable[[S, S, int], float]
    # (the sampled world, a state the rollout reached) -> the rollout has reached its horizon
    stop: Callable[[S, S], bool]
    worlds: int  # determinizations at budget 1
    depth: int  # commands played after the candidate move, at most
    # the moves weighed, the preferred first (it wins ties): by default the smart move, then the legal moves
    candidates: Callable[[Seen[Any, C, Any], Draws], list[C]] | None = None
    # the smart move's head start per world, in `value`'s units: a few noisy worlds must not talk the search out
    # of the move the smart policy would make unless another is clearly better
    prior: float = 0.0
    limit: int | None = None  # at most this many candidates (the first ones) are weighed
    # the least per-world gap between two candidates assumed possible, so that early worlds that happen to agree
    # do not stop the search at once
    margin: float = 1.0
    # commands played in all (candidates and rollouts, over every world) at budget 1, at most; None: no bound
    steps: int | None = None


class _Spent(Exception):
    """The search's steps ran out in the middle of a world."""


@dataclass
class Allowance:
    """The steps a search has left: each command played in a rollout takes one."""

    left: float = float("inf")

    def take(self) -> None:
        if self.left <= 0:
            raise _Spent
        self.left -= 1


def seat_policy(
    view: Callable[[S, Viewer], Any],
    legal_moves: Callable[[S, int], list[C]],
    options_of: Callable[[S], Any],
    policy: Callable[[Seen[Any, C, Any], Draws], C],
) -> Callable[[S, int, Draws], C]:
    """A bot policy played inside an imagined world: it too sees only its seat's view of that world."""

    def move(state: S, seat: int, draws: Draws) -> C:
        seen = Seen(
            seat=seat, view=view(state, Viewer(seat=seat)), options=options_of(state), moves=legal_moves(state, seat)
        )
        return policy(seen, draws)

    return move


def shuffled(items: Sequence[T], draws: Draws) -> list[T]:
    """`items` in a uniformly random order drawn from `draws` (Fisher-Yates)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = draws.draw(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal(pool: Sequence[T], sizes: Sequence[int], draws: Draws) -> tuple[list[list[T]], list[T]]:
    """`pool` shuffled and dealt into piles of `sizes`, and what is left over. A pool too small for the sizes (a view
    that cannot happen) deals what it has: the search must not fail where the rules would not."""
    cards = shuffled(pool, draws)
    piles, at = [], 0
    for size in sizes:
        piles.append(cards[at : at + size])
        at += size
    return piles, cards[at:]


def without(pool: Sequence[T], taken: Sequence[T]) -> list[T]:
    """`pool` less one copy of each card of `taken` (cards that are not in the pool are ignored)."""
    left = list(pool)
    for card in taken:
        try:
            left.remove(card)
        except ValueError:
            continue
    return left


def standing(scores: Sequence[float], seat: int, higher_wins: bool) -> float:
    """How far ahead `seat` stands: its lead over the best of the others, and a quarter of its lead over their mean
    (so that a move that cannot change who leads still prefers the better score)."""
    sign = 1.0 if higher_wins else -1.0
    mine = sign * scores[seat]
    others = [sign * s for i, s in enumerate(scores) if i != seat]
    if not others:
        return mine
    return (mine - max(others)) + 0.25 * (mine - sum(others) / len(others))


def world_key(draws: Draws) -> bytes:
    """16 bytes from the bot's draws: the key of one world's deals and rollout draws."""
    return b"".join(draws.draw(_WORD).to_bytes(8, "big") for _ in range(2))


def play(expertise: Expertise[S, C], state: S, seat: int, command: C, shuffler: Shuffler) -> S:
    for event in expertise.decide(state, seat, command, shuffler):
        state = expertise.evolve(state, event)
    return state


def rollout(expertise: Expertise[S, C], world: S, seat: int, move: C, key: bytes, allowance: Allowance) -> float:
    """The candidate played in the world, then everyone by the rollout policy to the horizon; its value. Each
    command played takes a step of `allowance` (which raises once none is left)."""
    shuffler = Shuffler(key, 0)  # the same future deals for every candidate of this world
    draws = Draws(key, "rollout")
    allowance.take()
    try:
        state = play(expertise, world, seat, move, shuffler)
    except RuleViolation:
        return float("-inf")  # a candidate the imagined world refuses (never one of the seat's legal moves)
    for _ in range(expertise.depth):
        if expertise.stop(world, state):
            break
        awaited = expertise.awaiting(state)
        if not awaited:
            break
        mover = awaited[0]
        allowance.take()
        try:
            state = play(expertise, state, mover, expertise.policy(state, mover, draws), shuffler)
        except RuleViolation:
            break  # a policy's move the world refuses ends the rollout where it stands
    return expertise.value(world, state, seat)


def default_candidates(expertise: Expertise[S, C], seen: Seen[Any, C, Any], draws: Draws) -> list[C]:
    return list(seen.moves)


def search(expertise: Expertise[S, C], seen: Seen[Any, C, Any], draws: Draws, budget: float = 1.0) -> C:
    """The candidate move whose rollouts, over at most `worlds * budget` sampled worlds, end best on average for the
    seat; the first candidate (the smart move) starts `prior` ahead per world.

    The worlds are tried one by one, and a candidate drops out once the remaining worlds could not bring it level
    with the leader even if each went its way by the widest margin seen so far between two candidates in one
    world (at least `margin`): the search stops as soon as one candidate is left, or once `steps * budget`
    commands were played (the world they ran out in left out). A count, not a clock, so the same view, draws and
    budget always give the same move."""
    pick = expertise.candidates or (lambda s, d: default_candidates(expertise, s, d))
    moves = dedupe(pick(seen, draws))
    if expertise.limit is not None:
        moves = moves[: expertise.limit]
    if len(moves) == 1:
        return moves[0]
    worlds = max(1, round(expertise.worlds * budget))
    totals = [0.0] * len(moves)
    alive = list(range(len(moves)))
    spread = expertise.margin
    allowance = Allowance(float("inf") if expertise.steps is None else expertise.steps * budget)
    for done in range(1, worlds + 1):
        key = world_key(draws)
        world = expertise.sample(seen, Draws(key, "sample"))
        try:
            values = {i: rollout(expertise, world, seen.seat, moves[i], key, allowance) for i in alive}
        except _Spent:
            if done == 1:
                return moves[0]  # not one world played through: nothing to set against the smart move
            break
        finite = [v for v in values.values() if v != float("-inf")]
        if finite:
            spread = max(spread, max(finite) - min(finite))
        for i, v in values.items():
            totals[i] += v + (expertise.prior if i == 0 else 0.0)
        lead = max(totals[i] for i in alive)
        reach = (worlds - done) * spread
        alive = [i for i in alive if totals[i] + reach >= lead]
        if len(alive) == 1:
            break
    best = max(alive, key=lambda i: (totals[i], -i))
    return moves[best]


def dedupe(moves: list[C]) -> list[C]:
    """The moves in order, each once (the smart move is usually among the legal moves too)."""
    out: list[C] = []
    for move in moves:
        if move not in out:
            out.append(move)
    return out


def expert_of(expertise: Expertise[S, C]) -> Callable[[Seen[Any, C, Any], Draws, float], C]:
    """A game's `expert` bot (the shape domain/kernel/bots.py seats): the search with that game's expertise."""

    def expert(seen: Seen[Any, C, Any], draws: Draws, budget: float) -> C:
        return search(expertise, seen, draws, budget)

    return expert


class Rounds(Protocol):
    """A state played in rounds."""

    @property
    def round(self) -> int: ...

    @property
    def phase(self) -> str: ...


def round_over(world: Rounds, state: Rounds) -> bool:
    """The usual horizon: the round the world was sampled in is over (the next one is dealt, or the game is)."""
    return state.round != world.round or state.phase == "finished"
