"""Bots do not run inside one request (issue 16): a request plays at most a few bot moves, the process' bot runner
(services/bot_runner.py) the rest, in the background, one task per game; at a table with people each background
move waits the think delay first (issue 17), bot-only tables never wait.

The runner works only while started (in an API process, by `bootstrap.background`): these tests start it, and
stop it at the end. The first test paces the memory store at about a Postgres round trip per call, so that a game
played inside its `start` costs what it costs on a server, not the 0.1 s of the bare memory store: on that store the
same game's `start` took 1.3 s with the whole game inside it (`bot_moves_per_command=10_000`), 7 ms with 4 moves.
The round trips are a manual clock's (fakes.ManualClock, its time flowing whenever the loop is idle): the start's
time is their count, whatever the machine's load.
"""

from __future__ import annotations

import asyncio
import itertools
import statistics
import time
from collections.abc import AsyncIterator
from typing import Any

import msgspec
import pytest

from bootstrap import Adapters, Services, wire
from infra.memory.event_store import MemoryEventStore
from infra.settings import Settings
from services.ports import RecordedEvent
from tests.plain import plain
from tests.unit.services.fakes import ManualClock, fresh_adapters

ROUND_TRIP = 0.001  # seconds: a loopback Postgres statement, about


class PacedStore(MemoryEventStore):
    """The memory event store, each call taking about a Postgres round trip on `paced`."""

    def __init__(self, paced: ManualClock) -> None:
        super().__init__(paced)
        self.paced = paced

    async def _round_trip(self) -> None:
        await self.paced.sleep(ROUND_TRIP)
        await super()._round_trip()


@pytest.fixture
async def running(services: Services) -> AsyncIterator[Services]:
    services.bot_runner.start()
    try:
        yield services
    finally:
        await services.bot_runner.stop()


async def settled(services: Services, seconds: float = 60.0) -> None:
    await asyncio.wait_for(services.bot_runner.settle(), timeout=seconds)


async def bot_only(services: Services, game: str = "barbu", players: int = 3, seed: str | None = None) -> str:
    created = await services.commands.create(game, players, None, seed, None)
    for _ in range(players):
        await services.commands.join(created.game_id, created.admin_token, None, None, "smart")
    started = await services.commands.start(created.game_id, created.admin_token)
    assert started.status == "active"
    return created.game_id


def bot_commands(recorded: list[RecordedEvent]) -> list[RecordedEvent]:
    """Each bot move's recorded command (dealing 2 records every accepted command first)."""
    return [r for r in recorded if r.type == "CommandAccepted" and "bot" in r.metadata]


async def test_a_bot_only_barbu_start_answers_after_a_few_moves_and_the_game_finishes_in_the_background(
    clock: ManualClock,
) -> None:
    adapters = fresh_adapters(clock, store=PacedStore(clock))
    services = wire(adapters, Settings(test_mode=True))  # the default: 4 bot moves per request
    services.bot_runner.start()
    try:
        created = await services.commands.create("barbu", 3, None, "0b" * 32, None)
        game_id = created.game_id
        for _ in range(3):
            await services.commands.join(game_id, created.admin_token, None, None, "smart")
        began = clock.monotonic()
        started = await services.commands.start(game_id, created.admin_token)
        answered = clock.monotonic() - began  # its round trips: 1 ms each
        assert answered < 0.5, f"start took {answered:.2f} s"
        at_answer = await adapters.store.read_stream(game_id)
        assert len(bot_commands(at_answer)) == 4, "the start played four bot moves, no more"
        assert started.status == "active" and started.version == len(at_answer)
        assert services.bot_runner.playing(game_id)

        await settled(services)
        view = plain(await services.queries.view(game_id, None))
        assert view["status"] == "finished"
        recorded = await adapters.store.read_stream(game_id)
        assert len(bot_commands(recorded)) > 500, "the rest of the game was played in the background"
        assert plain(await services.auditor.audit(game_id))["ok"]
    finally:
        await services.bot_runner.stop()


async def test_a_persons_commands_are_answered_promptly_while_ten_bot_only_games_play(running: Services) -> None:
    games = [await bot_only(running, seed=f"{n:02x}" * 32) for n in range(10)]
    created = await running.commands.create("six-nimmt", 2, {"end": {"kind": "rounds", "rounds": 5}}, "0c" * 32, None)
    tokens = [(await running.commands.join(created.game_id, None, n, None, None)).player_token for n in ("an", "bo")]
    assert all(t is not None for t in tokens)
    await running.commands.start(created.game_id, created.admin_token)
    latencies: list[float] = []
    while running.bot_runner.busy() and len(latencies) < 200:
        view = await running.queries.view(created.game_id, None)
        if view.status != "active":
            break
        token = tokens[view.awaiting[0]]
        move = (await running.queries.legal_moves(created.game_id, token)).moves[0]
        began = time.perf_counter()
        await running.commands.command(created.game_id, token, msgspec.json.encode(move), None, None)
        latencies.append(time.perf_counter() - began)
    assert len(latencies) >= 20, "the person played while the bots did"
    # a runner that held the loop would hold commands in a row for a bot game's whole run; one command in a hundred
    # may meet the machine's own stall (the suite runs three workers, Chromium and servers on two cores)
    figures = f"median {statistics.median(latencies) * 1000:.1f} ms, max {max(latencies) * 1000:.1f}"
    assert sum(latency >= 0.1 for latency in latencies) <= len(latencies) // 100, figures
    assert max(latencies) < 0.5, figures

    await settled(running)
    for game_id in games:
        assert plain(await running.queries.view(game_id, None))["status"] == "finished"


async def test_one_task_per_game_and_each_move_played_once(running: Services, adapters: Adapters) -> None:
    game_id = await bot_only(running, "six-nimmt", 4, "0d" * 32)
    record = await running.repo.record(game_id)
    stale = await running.repo.table(record)
    assert running.bot_runner.playing(game_id)
    # woken again, from where the request left the game and from an older copy: the same task plays on
    assert running.bot_runner.wake(record, stale) and running.bot_runner.wake(record, stale)
    assert [t for t in asyncio.all_tasks() if t.get_name() == f"bots:{game_id}"] != []
    assert len([t for t in asyncio.all_tasks() if t.get_name() == f"bots:{game_id}"]) == 1
    # and a second API process over the same servers plays the same game from its stale copy at the same time
    other = wire(adapters, Settings(test_mode=True))
    other.bot_runner.start()
    try:
        other.bot_runner.wake(record, stale)
        await settled(running)
        await settled(other)
    finally:
        await other.bot_runner.stop()
    recorded = await adapters.store.read_stream(game_id)
    assert [r.version for r in recorded] == list(range(1, len(recorded) + 1))
    assert recorded[-1].type == "GameEnded"
    assert plain(await running.auditor.audit(game_id))["ok"], "every bot move once, as its rules decided it"


async def test_bots_think_before_each_background_move_at_a_table_with_people(
    adapters: Adapters, clock: ManualClock
) -> None:
    think = 0.05
    services = wire(adapters, Settings(test_mode=True, bot_think_seconds=think))
    services.bot_runner.start()
    try:
        created = plain(await services.commands.create("six-nimmt", 3, None, "0e" * 32, None))
        game_id, admin = created["game_id"], created["admin_token"]
        person = plain(await services.commands.join(game_id, None, "ann", None, None))["player_token"]
        await services.commands.join(game_id, admin, None, None, "random")
        await services.commands.join(game_id, admin, None, None, "smart")
        started = await services.commands.start(game_id, admin)
        assert bot_commands(await adapters.store.read_stream(game_id)) == [], "no bot moved inside the start"
        assert started.version == len(await adapters.store.read_stream(game_id))
        await settled(services)
        # turns until the bots have moved six times: the person's card (or, the deal being the game's own, a row it
        # must choose: no bot moves then), then the bots' in the background, one by one
        for _ in range(20):
            move = plain(await services.queries.legal_moves(game_id, person))["moves"][0]
            answer = plain(await services.commands.command(game_id, person, msgspec.json.encode(move), None, None))
            after = await adapters.store.read_stream(game_id, answer["version"])
            assert bot_commands(after) == [], "the person's answer comes before any bot move"
            await settled(services)
            if len(bot_commands(await adapters.store.read_stream(game_id))) >= 6:
                break
        moves = bot_commands(await adapters.store.read_stream(game_id))
        assert len(moves) >= 6
        gaps = [(b.recorded_at - a.recorded_at).total_seconds() for a, b in itertools.pairwise(moves)]
        assert min(gaps) >= think * 0.9, gaps
    finally:
        await services.bot_runner.stop()

    # the same delay at a bot-only table: never waited (a barbu game is about 1,800 moves, 90 s of pauses)
    bots = wire(adapters, Settings(test_mode=True, bot_think_seconds=think))
    bots.bot_runner.start()
    try:
        game_id = await bot_only(bots)
        began = clock.monotonic()
        await settled(bots)
        assert clock.monotonic() - began < 10
        assert plain(await bots.queries.view(game_id, None))["status"] == "finished"
    finally:
        await bots.bot_runner.stop()


async def test_without_a_running_runner_a_call_plays_every_bot_move_as_before(services: Services) -> None:
    # a process with no background tasks (the CLI, the tools, in-process tests): nowhere to hand the moves to
    created = await services.commands.create("barbu", 3, None, "0f" * 32, None)
    for _ in range(3):
        await services.commands.join(created.game_id, created.admin_token, None, None, "random")
    assert (await services.commands.start(created.game_id, created.admin_token)).status == "finished"
    assert not services.bot_runner.playing(created.game_id)


async def test_a_stopped_runner_takes_no_game_and_its_tasks_end(services: Services) -> None:
    services.bot_runner.start()
    game_id = await bot_only(services)
    await services.bot_runner.stop()
    assert not services.bot_runner.playing(game_id)
    view: dict[str, Any] = plain(await services.queries.view(game_id, None))
    assert view["status"] == "active", "left for the sweeper of a process still running"
    record = await services.repo.record(game_id)
    assert not services.bot_runner.wake(record, await services.repo.table(record))
