"""A test-only game in three releases, for the upcasting tests: each seat's points, and its bonuses.

Release 1 stores `PointsScored(seat, pts)`, and its `evolve` counts a bonus for a score of `BONUS` or more.
Release 2 renames `pts` to `points` (version 2, `upcast_v1_v2`). Release 3 records the bonus in the event itself
(version 3, a new required field that `upcast_v2_v3` derives from the points by release 1's rule), and its `evolve`
reads it. The three classes have three names and one tag: renaming a class is a refactor, the stored name stays.
`RoundClosed` never changes: it stays at version 1 in every release.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from domain.kernel.game import AnyGame, Game
from domain.kernel.per_seat import with_seat
from domain.kernel.ranking import highest
from domain.kernel.versioned import VersionedCommand, VersionedEvent

NAME = "tally"
BONUS = 10  # points in one score that count as a bonus: release 1's rule, recorded in the event from release 3 on


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class Score(VersionedCommand, tag="score"):
    points: int


class State(msgspec.Struct, frozen=True):
    """The same in every release: what a stream means does not change when its events' shape does."""

    players: int
    totals: list[int]
    bonuses: list[int]
    rounds: int = 0
    phase: str = "play"


class RoundClosed(VersionedEvent, tag="RoundClosed"):
    round: int


class PointsScoredV1(VersionedEvent, tag="PointsScored"):
    seat: int
    pts: int


class PointsScoredV2(VersionedEvent, tag="PointsScored"):
    class_version = 2

    seat: int
    points: int

    @staticmethod
    def upcast_v1_v2(data: dict[str, Any]) -> dict[str, Any]:
        data["points"] = data.pop("pts")
        return data


class PointsScoredV3(VersionedEvent, tag="PointsScored"):
    class_version = 3

    seat: int
    points: int
    bonus: bool  # required: every stored event has one, older ones through `upcast_v2_v3`

    # each step is the one of the release that introduced it, kept as it was
    upcast_v1_v2 = staticmethod(PointsScoredV2.upcast_v1_v2)

    @staticmethod
    def upcast_v2_v3(data: dict[str, Any]) -> dict[str, Any]:
        data["bonus"] = data["points"] >= BONUS
        return data


def initial_state(players: int, options: Options) -> State:
    return State(players=players, totals=[0] * players, bonuses=[0] * players)


def scored(state: State, seat: int, points: int, bonus: bool) -> State:
    return replace(
        state,
        totals=with_seat(state.totals, seat, state.totals[seat] + points),
        bonuses=with_seat(state.bonuses, seat, state.bonuses[seat] + bonus),
    )


def closed(state: State, event: RoundClosed) -> State:
    return replace(state, rounds=event.round)


def evolve_1(state: State, event: Any) -> State:
    match event:
        case PointsScoredV1(seat=seat, pts=pts):
            return scored(state, seat, pts, pts >= BONUS)
        case RoundClosed():
            return closed(state, event)
    return state


def evolve_2(state: State, event: Any) -> State:
    match event:
        case PointsScoredV2(seat=seat, points=points):
            return scored(state, seat, points, points >= BONUS)
        case RoundClosed():
            return closed(state, event)
    return state


def evolve_3(state: State, event: Any) -> State:
    match event:
        case PointsScoredV3(seat=seat, points=points, bonus=bonus):
            return scored(state, seat, points, bonus)
        case RoundClosed():
            return closed(state, event)
    return state


def unused(*args: Any) -> Any:
    raise AssertionError("the upcasting tests only fold stored streams")


def release(event_types: tuple[type[msgspec.Struct], ...], evolve: Any) -> AnyGame:
    """The game as one release deploys it: its own event classes and its own evolve."""
    return Game(
        name=NAME,
        title="Tally (test only)",
        min_players=2,
        max_players=4,
        options_type=Options,
        state_type=State,
        view_type=State,
        command_type=Score,
        event_types=event_types,
        initial_state=initial_state,
        start=unused,
        decide=unused,
        evolve=evolve,
        view=unused,
        legal_moves=unused,
        awaiting=unused,
        winners=lambda state: highest(state.totals),
        catalog=unused,
        smart=unused,
    )


RELEASE_1 = release((PointsScoredV1, RoundClosed), evolve_1)
RELEASE_2 = release((PointsScoredV2, RoundClosed), evolve_2)
RELEASE_3 = release((PointsScoredV3, RoundClosed), evolve_3)
