"""A projection behind a version this process appended is not served: the read refolds from the event store.

It happens when a projection write fails (Redis down, a Redis Cluster master failing over) and when Redis loses an
acknowledged write (a replica promoted before the write reached it: replication is asynchronous). Served, the
stale view shows a turn already played: the seat it names is refused (`not_your_turn`) and the seat that must play
is not told, until the catch-up projector's next pass. Other processes' reads are not covered (they do not know
the version); the next command of the game, or the projector, repairs the projection for them. A read during the
process's own write of that version is served the table it wrote: nothing was lost there.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import msgspec
import pytest

from bootstrap import Adapters, Services, wire
from infra.memory.projections import MemoryProjections
from infra.settings import Settings
from services.codec import codec
from services.ports.events import GameRecord


async def started_game(adapters: Adapters) -> tuple[Services, MemoryProjections, GameRecord, list[str | None]]:
    """A two-seat six-nimmt game just started, on memory projections: the services, the projections, its record
    and the seats' tokens."""
    services = wire(adapters, Settings(test_mode=True))
    projections = adapters.projections
    assert isinstance(projections, MemoryProjections)
    created = await services.commands.create("six-nimmt", 2, None, None, None)
    tokens = [(await services.commands.join(created.game_id, None, f"p{s}", None, None)).player_token for s in (0, 1)]
    await services.commands.start(created.game_id, created.admin_token)
    return services, projections, await services.repo.record(created.game_id), tokens


async def test_a_projection_behind_what_this_process_wrote_is_refolded(adapters: Adapters) -> None:
    services, projections, record, tokens = await started_game(adapters)
    game_id = record.game_id
    # both seats choose a card: the second choice resolves the turn, and its projection is lost
    for seat in (0, 1):
        if seat == 1:
            projections.unavailable = True  # the write fails; the command is stored and answered all the same
        token = tokens[seat]
        assert token is not None
        move = (await services.queries.legal_moves(game_id, token)).moves[0]
        await services.commands.command(game_id, token, msgspec.json.encode(move), None, None)
    projections.unavailable = False
    head = await services.repo.replay(game_id, codec(record.game))
    stale = await services.repo.snapshot(record)
    assert stale is not None and stale[0] < head.version
    view = await services.queries.view(game_id, None)
    assert view.version == head.version, "the stale projection was served"
    # and the read put the head back
    repaired = await services.repo.snapshot(record)
    assert repaired is not None and repaired[0] == head.version


async def test_a_read_during_this_processs_own_projection_write_serves_its_table_without_refolding(
    adapters: Adapters, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A read of a game between a command's append and the end of its projection write finds Redis one version
    behind. Nothing was lost: the table this process wrote is the head, and it is served as is. (Refolding it from
    the event store gave the same view, at the cost of a replay and a warning that a write had been lost.)"""
    services, projections, record, tokens = await started_game(adapters)
    game_id = record.game_id
    token = tokens[0]
    assert token is not None
    move = (await services.queries.legal_moves(game_id, token)).moves[0]
    # the command's projection write (the first save from here on) is held on its way to Redis
    entered, released = asyncio.Event(), asyncio.Event()
    save = projections.save

    async def held(*args: Any, **kwargs: Any) -> None:
        if not entered.is_set():
            entered.set()
            await released.wait()
        await save(*args, **kwargs)

    monkeypatch.setattr(projections, "save", held)
    command = asyncio.create_task(services.commands.command(game_id, token, msgspec.json.encode(move), None, None))
    await entered.wait()
    stored = await services.repo.snapshot(record)
    head = await services.repo.replay(game_id, codec(record.game))
    assert stored is not None and stored[0] < head.version, "the write is in flight"
    replays = 0
    replay = services.repo.replay

    async def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal replays
        replays += 1
        return await replay(*args, **kwargs)

    monkeypatch.setattr(services.repo, "replay", counted)
    with caplog.at_level(logging.WARNING, logger="tapis.repository"):
        view = await services.queries.view(game_id, None)
    assert view.version == head.version, "the read served the projection from before the command"
    assert replays == 0, "the read refolded the game from the event store"
    assert "refolding" not in caplog.text
    released.set()
    await command
    # once the write ended, a projection that falls behind again is refolded as before (the test above)
    stored = await services.repo.snapshot(record)
    assert stored is not None and stored[0] == head.version
