"""Webhooks on memory adapters: every subscribed event in order, signed, redacted; a receiver that was down gets
the missed ones; two workers do not send twice.

Moved from tests/integration/test_webhooks.py, assertions unchanged: the worker takes the memory webhook store
(the same database as the services' event store), and its posts go to an in-process receiver instead of one on
loopback (fakes.InProcessReceiver). Two workers over Postgres and real HTTP stay tested there too.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bootstrap import Adapters, Services
from services.webhooks import RetryPolicy, WebhookWorker
from tests.game_driver import SEED
from tests.plain import plain
from tests.unit.services.fakes import InProcessReceiver as Receiver
from tests.unit.services.fakes import ManualClock  # under the name the moved tests use
from tests.webhook_receiver import verify

ONE_ROUND = {"end": {"kind": "rounds", "rounds": 1}}
# a tenth of the integration copy's backoff: a refused post costs nothing here, only the waits between them
QUICK = RetryPolicy(max_attempts=50, base_seconds=0.005, max_seconds=0.02, timeout_seconds=2)


@pytest.fixture
def time_flows() -> None:
    """The clock moves only when this module's tests move it (`clock.elapse`): no time passes on its own."""


@pytest.fixture
async def receiver() -> AsyncIterator[Receiver]:
    started = Receiver()
    await started.start()
    yield started
    await started.stop()


@pytest.fixture
async def worker(
    services: Services, adapters: Adapters, receiver: Receiver, clock: ManualClock
) -> AsyncIterator[WebhookWorker]:
    poster = receiver.poster()
    yield WebhookWorker(services.repo, adapters.store, adapters.webhooks, poster, QUICK, clock=clock)
    await poster.aclose()


async def bot_game(services: Services, api_key: str, players: int = 3) -> str:
    created = plain(await services.commands.create("six-nimmt", players, ONE_ROUND, SEED, api_key))
    game_id: str = created["game_id"]
    for _ in range(players):
        plain(await services.commands.join(game_id, created["admin_token"], None, None, "random"))
    table = await services.commands.start(game_id, created["admin_token"])
    assert table.status == "finished"
    return game_id


async def run_until(
    clock: ManualClock, workers: list[WebhookWorker], done: Any, seconds: float = 30, pause: float = 0.002
) -> None:
    """Run the workers' rounds until `done()`, letting `pause` pass on the clock between rounds (the retries'
    backoff is on it: the webhook store's due times are the clock's)."""
    deadline = clock.monotonic() + seconds
    while not done():
        assert clock.monotonic() < deadline, "webhooks not delivered in time"
        await asyncio.gather(*(w.run_once() for w in workers))
        await clock.elapse(pause)


async def test_every_event_of_a_bot_game_arrives_in_order_signed_and_redacted(
    services: Services, worker: WebhookWorker, receiver: Receiver, clock: ManualClock
) -> None:
    _, key = await services.keys.create("webhook portal")
    webhook = await services.webhooks.register(key, receiver.url, ["*"])
    secret = webhook.secret
    game_id = await bot_game(services, key)
    stored = await services.repo.store.read_stream(game_id)
    await run_until(clock, [worker], lambda: len(receiver.received) >= len(stored))
    await asyncio.sleep(0)  # nothing is in flight once run_once returns: no late post to wait for
    await worker.run_once()

    got = [r.event for r in receiver.received]
    assert [e["version"] for e in got] == [r.version for r in stored]  # each once, in order
    assert [e["type"] for e in got] == [r.type for r in stored]
    assert all(verify(secret, r) for r in receiver.received)
    assert not verify("whsec_another", receiver.received[0])
    assert {r.headers["x-tapis-webhook-id"] for r in receiver.received} == {webhook.webhook_id}
    assert got[0]["topic"] == "game.created" and got[-1]["topic"] == "game.finished"
    assert {e["game_id"] for e in got} == {game_id} and all(e["id"] == f"{game_id}:{e['version']}" for e in got)
    # as a spectator saw it while the game ran: no chosen card, no shuffle; the end reveals the seed
    chosen = [e["data"]["card"] for e in got if e["type"] == "CardChosen"]
    assert chosen and all(card is None for card in chosen)
    assert all(e["data"]["order"] == [] for e in got if e["type"] == "DeckShuffled")
    assert got[-1]["data"]["seed"] == SEED

    log = (await services.webhooks.deliveries(key, webhook.webhook_id, game_id, None, 1000)).deliveries
    assert len(log) == len(stored) and {d.status for d in log} == {"delivered"}
    assert all(len(d.attempts) == 1 and d.attempts[0].status_code == 204 for d in log)


async def test_a_receiver_that_was_down_gets_the_missed_events_in_order(
    services: Services, worker: WebhookWorker, receiver: Receiver, clock: ManualClock
) -> None:
    _, key = await services.keys.create("flaky portal")
    topics = ["game.created", "player.joined", "game.started", "game.finished"]
    webhook = await services.webhooks.register(key, receiver.url, topics)
    secret = webhook.secret
    await receiver.stop()
    game_id = await bot_game(services, key)
    deadline = clock.monotonic() + 10
    while True:  # the first delivery is retried (and recorded) while the later ones wait behind it
        await worker.run_once()
        log = (await services.webhooks.deliveries(key, webhook.webhook_id, game_id, None, 1000)).deliveries
        first = log[-1]
        if len(first.attempts) >= 3:
            break
        assert clock.monotonic() < deadline
        await clock.elapse(0.005)
    assert first.version == 1 and first.status == "pending"
    assert all(a.status_code is None and a.error for a in first.attempts)
    assert all(not d.attempts for d in log[:-1])

    await receiver.start()  # the same port
    restarted = WebhookWorker(
        worker.repo, worker.log, worker.store, worker.poster, QUICK, clock=clock
    )  # a new process: nothing in memory
    await run_until(clock, [restarted], lambda: len(receiver.received) >= 6)  # created, three joined, started, finished
    got = [r.event for r in receiver.received]
    assert [e["topic"] for e in got] == ["game.created", *["player.joined"] * 3, "game.started", "game.finished"]
    assert [e["version"] for e in got] == sorted(e["version"] for e in got)
    assert all(verify(secret, r) for r in receiver.received)
    log = (await services.webhooks.deliveries(key, webhook.webhook_id, game_id, None, 1000)).deliveries
    assert {d.status for d in log} == {"delivered"}
    assert log[-1].attempts[-1].status_code == 204 and len(log[-1].attempts) >= 4


async def test_two_workers_deliver_each_event_once(
    services: Services, adapters: Adapters, receiver: Receiver, clock: ManualClock
) -> None:
    _, key = await services.keys.create("busy portal")
    await services.webhooks.register(key, receiver.url, ["*"])
    game_ids = [await bot_game(services, key, players) for players in (2, 3, 4)]
    expected = sum([len(await services.repo.store.read_stream(g)) for g in game_ids])
    store = adapters.webhooks
    posters = [receiver.poster(), receiver.poster()]
    try:
        workers = [
            WebhookWorker(services.repo, adapters.store, store, p, QUICK, batch=7, sends=5, clock=clock)
            for p in posters
        ]
        await run_until(clock, workers, lambda: len(receiver.received) >= expected)
        await asyncio.sleep(0)  # as above: no late post
        await asyncio.gather(*(w.run_once() for w in workers))
    finally:
        for poster in posters:
            await poster.aclose()
    ids = [r.event["id"] for r in receiver.received]
    assert len(ids) == len(set(ids)) == expected
    for game_id in game_ids:
        versions = [r.event["version"] for r in receiver.received if r.event["game_id"] == game_id]
        assert versions == sorted(versions)
