"""What only the memory adapters have, for service tests: a switch that makes them unavailable (the services'
fallback paths), and clocks a test moves by hand (the turn timer)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import msgspec
import pytest

from infra.memory.event_store import MemoryEventStore
from infra.memory.key_store import MemoryKeyStore
from infra.memory.live import MemoryWakeups
from infra.memory.projections import MemoryProjections
from infra.memory.record_news import MemoryRecordNews
from infra.memory.webhook_store import MemoryWebhookStore
from services.ports import (
    Checkpoint,
    GameRecord,
    NewEvent,
    ProjectionUnavailable,
    StoreUnavailable,
)
from tests.contract.streams import ev


async def test_a_switched_off_database_refuses_everything_and_writes_nothing() -> None:
    store = MemoryEventStore()
    keys, webhooks = MemoryKeyStore(store), MemoryWebhookStore(store)
    await store.create(GameRecord("g", "store-test", b"s", b"h", {}), [ev(1)], {})
    store.unavailable = True
    calls = [
        store.create(GameRecord("g2", "store-test", b"s", b"h", {}), [ev(1)], {}),
        store.append("g", 1, [ev(2)], {}),
        store.read_stream("g"),
        store.read_log(Checkpoint(), 10),
        store.read_positions([1]),
        store.game("g"),
        store.stored_response("g", "admin", "k"),
        store.game_ids(None, 10),
        store.ping(),
        store.due(datetime.now(UTC), 10),
        keys.add("k", "portal", b"hash"),
        keys.games("k", None, 10),
        webhooks.add("w", "k", "https://example.invalid", ["*"], "whsec"),
        webhooks.claim(10, 60.0),
    ]
    for call in calls:
        with pytest.raises(StoreUnavailable):
            await call
    store.unavailable = False
    assert [r.version for r in await store.read_stream("g")] == [1]
    assert await store.game_ids(None, 10) == ["g"]
    assert await keys.all() == [] and await webhooks.count("k") == 0


async def test_switched_off_projections_refuse_everything() -> None:
    projections = MemoryProjections()
    await projections.save("g", 1, b"v1", {"created": 1.0})
    projections.unavailable = True
    calls = [
        projections.load("g"),
        projections.save("g", 2, b"v2", {}),
        projections.summaries(10),
        projections.bot_turns(10.0, 10),
        projections.checkpoint(),
        projections.save_checkpoint(Checkpoint(1, 1)),
        projections.reset(),
        projections.ping(),
    ]
    for call in calls:
        with pytest.raises(ProjectionUnavailable):
            await call
    projections.unavailable = False
    assert await projections.load("g") == (1, b"v1")


async def test_without_redis_news_is_lost_and_streams_wake_once_per_interval() -> None:
    news, wakeups = MemoryRecordNews(), MemoryWakeups()
    news.unavailable = True
    await news.announce("g")  # best effort: no error
    assert news.announced == []
    projections = MemoryProjections(wakeups)
    async with wakeups.subscribe("g") as subscription:
        wakeups.unavailable = True
        await projections.save("g", 1, b"", {})
        # as a broken Redis subscription: the whole interval passes, then the stream reads the store anyway
        assert await subscription.wait(0.01) is True
        wakeups.unavailable = False
        assert await subscription.wait(0.001) is False  # the save above woke nobody


async def test_a_reset_empties_the_projections() -> None:
    projections = MemoryProjections()
    assert await projections.summaries(10) is None
    await projections.save("g", 1, b"v1", {"game_id": "g", "created": 1.0, "bot_turn": True})
    await projections.save_checkpoint(Checkpoint(3, 4))
    assert await projections.summaries(10) == [{"game_id": "g", "created": 1.0, "bot_turn": True}]
    await projections.reset()
    assert await projections.load("g") is None
    assert await projections.summaries(10) is None  # the callers fall back to the event store
    assert await projections.bot_turns(10.0, 10) == []
    assert await projections.checkpoint() == Checkpoint()


async def test_the_turn_timer_runs_on_the_store_s_clock() -> None:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    store = MemoryEventStore(clock=lambda: now)
    created = NewEvent(type="GameCreated", data=msgspec.json.encode({"turn_seconds": 30}))
    await store.create(GameRecord("g", "store-test", b"s", b"h", {}), [created], {})
    await store.append("g", 1, [NewEvent(type="CardPlayed", data=b"{}")], {})
    (last,) = await store.read_stream("g", 1)
    assert last.recorded_at == now
    assert await store.due(now + timedelta(seconds=30), 10) == []
    assert await store.due(now + timedelta(seconds=31), 10) == [("g", 2)]
