"""Deploys of a new event version over stored streams: what release 1 stored, releases 2 and 3 replay as it meant.

The three releases of tests/unit/codec/tally.py write to a memory event store through their own codec, and read
back through `Repository.replay`, as the services do after a deploy.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from domain.kernel.events import GameCreated, GameStarted, PlayerJoined
from domain.kernel.game import AnyGame
from domain.kernel.table import Table
from domain.kernel.versioned import VersionedEvent
from infra.memory.event_store import MemoryEventStore
from infra.memory.projections import MemoryProjections
from services.codec import GameCodec, NewerSchema
from services.ports import GameRecord, RecordedEvent
from services.repository import Repository
from tests.unit.codec import tally
from tests.unit.codec.tally import (
    RELEASE_1,
    RELEASE_2,
    RELEASE_3,
    PointsScoredV1,
    PointsScoredV2,
    PointsScoredV3,
    RoundClosed,
    State,
)

GAME_ID = "g-tally"
LOBBY: list[Any] = [
    GameCreated(game=tally.NAME, game_id=GAME_ID, players=2, options={}, seed_commitment="c" * 64),
    PlayerJoined(seat=0, name="Ada"),
    PlayerJoined(seat=1, name="Bob"),
    GameStarted(),
]
# what release 1 recorded: Ada scores 4 then 12 (a bonus), Bob 10 (a bonus), the round closes
PLAYED_1: list[Any] = [
    PointsScoredV1(seat=0, pts=4),
    PointsScoredV1(seat=1, pts=10),
    PointsScoredV1(seat=0, pts=12),
    RoundClosed(round=1),
]
MEANT = State(players=2, totals=[16, 10], bonuses=[1, 1], rounds=1)


class Deployed:
    """One event store over releases: each writes through its own codec, each replays what all of them stored."""

    def __init__(self) -> None:
        self.store = MemoryEventStore()
        self.repo = Repository(self.store, MemoryProjections())

    async def record(self, release: AnyGame, events: list[Any]) -> None:
        encoded = [GameCodec(release).new_event(e) for e in events]
        if await self.store.game(GAME_ID) is None:
            await self.store.create(GameRecord(GAME_ID, tally.NAME, b"s" * 32, b"h" * 32, {}), encoded, {})
        else:
            version = len(await self.store.read_stream(GAME_ID))
            await self.store.append(GAME_ID, version, encoded, {})

    async def replay(self, release: AnyGame) -> Table[Any]:
        return await self.repo.replay(GAME_ID, GameCodec(release))

    async def stored_versions(self) -> list[tuple[str, int]]:
        return [(r.type, r.schema_version) for r in await self.store.read_stream(GAME_ID)][len(LOBBY) :]


async def test_release_1_writes_version_1_under_the_tag_and_folds_what_it_meant() -> None:
    deployed = Deployed()
    await deployed.record(RELEASE_1, [*LOBBY, *PLAYED_1])
    assert await deployed.stored_versions() == [("PointsScored", 1)] * 3 + [("RoundClosed", 1)]
    assert (await deployed.replay(RELEASE_1)).inner == MEANT


@pytest.mark.parametrize("release", [RELEASE_2, RELEASE_3], ids=["v2", "v3"])
async def test_a_stream_stored_as_v1_replays_under_a_later_release_as_it_meant(release: AnyGame) -> None:
    deployed = Deployed()
    await deployed.record(RELEASE_1, [*LOBBY, *PLAYED_1])
    replayed = await deployed.replay(release)
    assert replayed.inner == MEANT
    assert replayed.version == len(LOBBY) + len(PLAYED_1)


async def test_a_v1_event_reaches_v3_through_v2() -> None:
    deployed = Deployed()
    await deployed.record(RELEASE_1, [*LOBBY, *PLAYED_1])
    events = GameCodec(RELEASE_3).events(await deployed.store.read_stream(GAME_ID))
    assert events[len(LOBBY) :] == [
        PointsScoredV3(seat=0, points=4, bonus=False),
        PointsScoredV3(seat=1, points=10, bonus=True),  # release 1's rule, now in the event
        PointsScoredV3(seat=0, points=12, bonus=True),
        RoundClosed(round=1),
    ]


async def test_mixed_streams_replay_each_event_from_the_version_it_was_stored_at() -> None:
    deployed = Deployed()
    await deployed.record(RELEASE_1, [*LOBBY, PointsScoredV1(seat=0, pts=4), PointsScoredV1(seat=1, pts=10)])
    # release 2 is deployed mid-game: the same game goes on, now stored at version 2
    await deployed.record(RELEASE_2, [PointsScoredV2(seat=0, points=12), RoundClosed(round=1)])
    assert await deployed.stored_versions() == [
        ("PointsScored", 1),
        ("PointsScored", 1),
        ("PointsScored", 2),
        ("RoundClosed", 1),
    ]
    assert (await deployed.replay(RELEASE_2)).inner == MEANT
    assert (await deployed.replay(RELEASE_3)).inner == MEANT
    # and release 3 goes on with it, at version 3
    await deployed.record(RELEASE_3, [PointsScoredV3(seat=1, points=3, bonus=False), RoundClosed(round=2)])
    assert [v for _, v in await deployed.stored_versions()] == [1, 1, 2, 1, 3, 1]
    after = State(players=2, totals=[16, 13], bonuses=[1, 1], rounds=2)
    assert (await deployed.replay(RELEASE_3)).inner == after


async def test_each_step_runs_once_from_the_stored_version_and_none_at_the_current_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    steps: list[str] = []

    def spied(name: str) -> Any:
        step = getattr(PointsScoredV3, name)

        def spy(data: dict[str, Any]) -> dict[str, Any]:
            steps.append(f"{name}({sorted(data)})")
            return step(data)  # type: ignore[no-any-return]

        return staticmethod(spy)

    for name in ("upcast_v1_v2", "upcast_v2_v3"):
        monkeypatch.setattr(PointsScoredV3, name, spied(name))
    deployed = Deployed()
    await deployed.record(RELEASE_1, [*LOBBY, PointsScoredV1(seat=0, pts=4)])
    await deployed.record(RELEASE_2, [PointsScoredV2(seat=0, points=5)])
    await deployed.record(RELEASE_3, [PointsScoredV3(seat=0, points=6, bonus=False)])
    stored = (await deployed.store.read_stream(GAME_ID))[len(LOBBY) :]
    codec_3 = GameCodec(RELEASE_3)
    assert codec_3.event(stored[0]) == PointsScoredV3(seat=0, points=4, bonus=False)
    assert steps == ["upcast_v1_v2(['pts', 'seat', 'type'])", "upcast_v2_v3(['points', 'seat', 'type'])"]
    steps.clear()
    assert codec_3.event(stored[1]) == PointsScoredV3(seat=0, points=5, bonus=False)
    assert steps == ["upcast_v2_v3(['points', 'seat', 'type'])"]
    steps.clear()
    assert codec_3.event(stored[2]) == PointsScoredV3(seat=0, points=6, bonus=False)
    assert steps == []


async def test_an_event_stored_by_a_newer_release_is_refused_by_older_code() -> None:
    deployed = Deployed()
    await deployed.record(RELEASE_3, [*LOBBY, PointsScoredV3(seat=0, points=6, bonus=False)])
    for older, knows in ((RELEASE_2, 2), (RELEASE_1, 1)):
        with pytest.raises(NewerSchema, match=rf"schema version 3, and this code reads it up to version {knows}"):
            await deployed.replay(older)
    # the lifecycle events before it are at version 1 everywhere: older code reads them
    first = (await deployed.store.read_stream(GAME_ID))[0]
    assert GameCodec(RELEASE_1).event(first) == LOBBY[0]


def test_a_stored_version_below_1_is_refused() -> None:
    recorded = RecordedEvent(
        position=1,
        stream_id=GAME_ID,
        version=5,
        type="PointsScored",
        data=b'{"type":"PointsScored","seat":0,"pts":1}',
        metadata={},
        recorded_at=datetime(2024, 1, 1, tzinfo=UTC),
        schema_version=0,
    )
    with pytest.raises(ValueError, match="versions start at 1"):
        GameCodec(RELEASE_3).event(recorded)


def test_a_release_missing_a_step_fails_when_its_codec_is_built() -> None:
    class Skipped(VersionedEvent, tag="PointsScored"):
        class_version = 3

        seat: int
        points: int
        bonus: bool

        @staticmethod
        def upcast_v2_v3(data: dict[str, Any]) -> dict[str, Any]:
            return data

    with pytest.raises(TypeError, match="at version 3 but has no static method upcast_v1_v2"):
        GameCodec(tally.release((Skipped, RoundClosed), tally.evolve_3))


def test_new_events_are_written_at_their_class_version_under_their_tag() -> None:
    codec_3 = GameCodec(RELEASE_3)
    new = codec_3.new_event(PointsScoredV3(seat=1, points=2, bonus=False))
    assert (new.type, new.schema_version) == ("PointsScored", 3)
    assert new.data == b'{"type":"PointsScored","seat":1,"points":2,"bonus":false}'
    assert codec_3.new_event(RoundClosed(round=1)).schema_version == 1
