"""The archive through the service layer on memory adapters: finished games older than the age leave the hot
tables, and view, events, replay, audit and export of them still work; running and recent games stay."""

from __future__ import annotations

import pytest

from bootstrap import Adapters, Services, in_memory
from infra.settings import Settings
from services.codec import codec
from services.errors import Conflict
from tests.game_driver import new_game, play_to_end
from tests.plain import plain
from tests.unit.services.fakes import ManualClock, fresh_adapters


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def adapters(clock: ManualClock) -> Adapters:
    return fresh_adapters(clock)


@pytest.fixture
def services(adapters: Adapters, clock: ManualClock) -> Services:
    services = in_memory(Settings(test_mode=True, archive_after_seconds=3600), adapters)
    services.archiver.clock = clock  # the store stamps GameEnded with this clock: the age is measured on it
    return services


async def finished_game(services: Services) -> str:
    game_id, _, tokens = await new_game(services, "six-nimmt", 3)
    await play_to_end(services, game_id, tokens)
    return game_id


async def test_an_archived_game_serves_view_events_replay_audit_and_export(
    services: Services, clock: ManualClock
) -> None:
    game_id = await finished_game(services)
    before = {
        "view": plain(await services.queries.view(game_id, None)),
        "events": plain(await services.queries.events(game_id, None, 0, 1000)),
        "replay": plain(await services.queries.replay(game_id, None, 5)),
        "export": await services.exports.export(game_id, None),
    }
    clock.advance(3601)
    assert await services.archiver.archive_older_than(3600) == [game_id]
    assert await services.repo.store.game(game_id) is None
    assert await services.repo.store.read_stream(game_id) == []
    assert plain(await services.queries.view(game_id, None)) == before["view"]
    assert plain(await services.queries.events(game_id, None, 0, 1000)) == before["events"]
    assert plain(await services.queries.events(game_id, None, 10, 5))["events"] == before["events"]["events"][10:15]
    assert plain(await services.queries.replay(game_id, None, 5)) == before["replay"]
    assert await services.exports.export(game_id, None) == before["export"]
    assert (await services.auditor.audit(game_id)).ok


async def test_another_process_reads_the_archived_game_without_a_projection(
    services: Services, adapters: Adapters, clock: ManualClock
) -> None:
    game_id = await finished_game(services)
    exported = await services.exports.export(game_id, None)
    clock.advance(3601)
    await services.archiver.archive_older_than(3600)
    elsewhere = in_memory(Settings(test_mode=True), fresh_adapters(clock))
    assert await elsewhere.repo.archived(game_id) is None  # another database: the game is nowhere
    # another process over the same database, the projection flushed: the table is refolded from the archive
    await adapters.projections.reset()
    other = in_memory(Settings(test_mode=True), adapters)
    assert plain(await other.queries.view(game_id, None))["status"] == "finished"
    assert await other.exports.export(game_id, None) == exported
    assert (await other.auditor.audit(game_id)).ok


async def test_redis_keeps_nothing_of_an_archived_game_and_its_reads_do_not_put_it_back(
    services: Services, adapters: Adapters, clock: ManualClock
) -> None:
    """The projections are the one place that grew with every game ever played (2.4 KB each, docs/capacity.md):
    archiving drops the game's state, summary and places in the indexes, and reading it refolds it from the archive
    without saving it again. A game beside it, not archived, keeps its projection."""
    game_id = await finished_game(services)
    clock.advance(3601)
    recent = await finished_game(services)
    fingerprint = codec("six-nimmt").fingerprint
    assert await adapters.projections.load(game_id, fingerprint) is not None
    listed = {s["game_id"] for s in await adapters.projections.summaries(0) or []}
    assert {game_id, recent} <= listed

    assert await services.archiver.archive_older_than(3600) == [game_id]

    assert await adapters.projections.load(game_id, fingerprint) is None
    assert game_id not in {s["game_id"] for s in await adapters.projections.summaries(0) or []}
    assert plain(await services.queries.view(game_id, None))["status"] == "finished"
    assert plain(await services.queries.replay(game_id, None, 5))["version"] == 5
    assert await adapters.projections.load(game_id, fingerprint) is None  # read, and not put back
    assert await adapters.projections.load(recent, fingerprint) is not None


async def test_running_and_recent_games_stay_in_the_hot_tables(services: Services, clock: ManualClock) -> None:
    old = await finished_game(services)
    running, _, _ = await new_game(services, "six-nimmt", 3)
    clock.advance(3601)
    recent = await finished_game(services)
    assert await services.archiver.archive_older_than(3600) == [old]
    assert await services.repo.store.game(running) is not None
    assert await services.repo.store.game(recent) is not None


async def test_the_periodic_step_archives_when_configured(services: Services, clock: ManualClock) -> None:
    game_id = await finished_game(services)
    assert await services.archiver.step() is False  # nothing old enough yet
    assert await services.repo.store.game(game_id) is not None
    clock.advance(3601)
    await services.archiver.step()
    assert await services.repo.store.game(game_id) is None
    assert plain(await services.queries.view(game_id, None))["status"] == "finished"


async def test_off_by_default(adapters: Adapters, clock: ManualClock) -> None:
    services = in_memory(Settings(test_mode=True), adapters)
    services.archiver.clock = clock
    game_id = await finished_game(services)
    clock.advance(10**6)
    assert await services.archiver.step() is False
    assert await services.repo.store.game(game_id) is not None


async def test_an_archived_game_cannot_be_imported_again(services: Services, clock: ManualClock) -> None:
    game_id = await finished_game(services)
    exported = await services.exports.export(game_id, None)
    clock.advance(3601)
    await services.archiver.archive_older_than(3600)
    with pytest.raises(Conflict, match="exists already"):
        await services.exports.import_(exported)


async def test_a_players_old_token_reads_an_archived_game_as_anyone_does(
    services: Services, clock: ManualClock
) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 3)
    await play_to_end(services, game_id, tokens)
    clock.advance(3601)
    await services.archiver.archive_older_than(3600)
    seen = plain(await services.queries.view(game_id, tokens[0]))
    assert seen == plain(await services.queries.view(game_id, None))
    assert seen["you"] is None  # the tokens were not kept: nobody is a seat of it any more


async def test_the_background_runs_the_archive_task_only_when_configured(services: Services) -> None:
    import asyncio

    from bootstrap import background

    counts = []
    for configured in (Settings(test_mode=True), Settings(test_mode=True, archive_after_seconds=3600)):
        stop = asyncio.Event()
        tasks = background(services, configured, stop)
        counts.append(len(tasks))
        stop.set()
        await asyncio.gather(*tasks)
    assert counts[1] == counts[0] + 1
