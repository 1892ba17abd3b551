"""The generic search (domain/kernel/search.py) on a toy game whose every move's worth is known: the smart move's
head start (`prior`), the candidate limit, the early stop once one candidate is left, and the bound on the steps.

The toy: a state is a number, a command adds itself to it, nobody moves after the candidate, and a state is worth
its number plus what the world adds (the worlds differ by `noise`, drawn by the sampler from the bot's draws).
"""

from __future__ import annotations

from typing import Any

from domain.kernel.bots import Seen
from domain.kernel.context import Shuffler
from domain.kernel.search import Expertise, search
from domain.kernel.shuffle import Draws


def toy(
    prior: float = 0.0, limit: int | None = None, worlds: int = 10, noise: int = 0, steps: int | None = None
) -> tuple[Expertise[int, int], list[int]]:
    sampled: list[int] = []

    def sample(seen: Seen[Any, int, Any], draws: Draws) -> int:
        world = draws.draw(noise + 1)
        sampled.append(world)
        return world * 100  # the world's part of the worth: the same for every candidate in that world

    def decide(state: int, seat: int, command: int, shuffler: Shuffler) -> list[Any]:
        return [command]

    expertise: Expertise[int, int] = Expertise(
        decide=decide,
        evolve=lambda state, event: state + event,
        awaiting=lambda state: [],
        policy=lambda state, seat, draws: 0,
        sample=sample,
        value=lambda world, state, seat: float(state),
        stop=lambda world, state: True,
        worlds=worlds,
        depth=0,
        prior=prior,
        limit=limit,
        steps=steps,
    )
    return expertise, sampled


def seen(moves: list[int]) -> Seen[None, int, None]:
    return Seen(seat=0, view=None, options=None, moves=moves)


def test_the_smart_move_keeps_its_head_start_over_a_move_better_by_less() -> None:
    expertise, _ = toy(prior=1.5)
    assert search(expertise, seen([0, 1]), Draws(b"k", "t")) == 0
    assert search(expertise, seen([0, 1, 2]), Draws(b"k", "t")) == 2


def test_without_a_head_start_the_better_move_wins() -> None:
    expertise, _ = toy()
    assert search(expertise, seen([0, 1]), Draws(b"k", "t")) == 1


def test_only_the_first_candidates_up_to_the_limit_are_weighed() -> None:
    expertise, _ = toy(limit=2)
    assert search(expertise, seen([0, 1, 5]), Draws(b"k", "t")) == 1


def test_the_search_stops_once_the_worlds_left_cannot_bring_a_candidate_level() -> None:
    # a gap of 5 in every world, and 5 the widest gap seen: after k worlds the loser is 5k behind and the 10 - k
    # worlds left could bring back at most 5(10 - k), so it drops out at the sixth world
    expertise, sampled = toy(worlds=10, noise=3)
    assert search(expertise, seen([0, 5]), Draws(b"k", "t")) == 5
    assert len(sampled) == 6
    assert len(set(sampled)) > 1  # the worlds did differ


def test_close_candidates_are_weighed_in_every_world() -> None:
    expertise, sampled = toy(worlds=10, prior=0.9)  # 0.1 apart a world: never out of reach before the last
    assert search(expertise, seen([0, 1]), Draws(b"k", "t")) == 1
    assert len(sampled) == 10


def test_the_steps_end_the_search_and_the_world_they_ran_out_in_is_left_out() -> None:
    # two candidates, one step each a world (depth 0): 5 steps play two worlds through and run out in the third
    expertise, sampled = toy(worlds=10, prior=0.9, steps=5)
    assert search(expertise, seen([0, 1]), Draws(b"k", "t")) == 1
    assert len(sampled) == 3


def test_the_steps_scale_with_the_budget() -> None:
    expertise, sampled = toy(worlds=10, prior=0.9, steps=5)
    assert search(expertise, seen([0, 1]), Draws(b"k", "t"), budget=2.0) == 1
    assert len(sampled) == 6  # 10 steps: five worlds through, the sixth begun


def test_steps_too_few_for_one_world_keep_the_smart_move() -> None:
    expertise, sampled = toy(worlds=10, steps=1)  # the second candidate is better, but never played
    assert search(expertise, seen([0, 1]), Draws(b"k", "t")) == 0
    assert len(sampled) == 1
