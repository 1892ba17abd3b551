"""Every place a client learns of an event carries the hash chain's head at that event (docs/fair-dealing.md):
the view, the command answer, the events page and each webhook delivery; all of them the link stored with it."""

from __future__ import annotations

import asyncio
import json

import pytest

from bootstrap import Adapters, Services
from services.webhooks import WebhookWorker
from tests.game_driver import new_game
from tests.plain import plain
from tests.unit.services.fakes import InProcessReceiver, ManualClock
from tests.unit.services.test_webhooks import QUICK, run_until


@pytest.fixture
def time_flows() -> None:
    """The clock moves only when this module's tests move it (`clock.elapse`): no time passes on its own."""


async def test_the_view_the_answer_and_the_events_page_carry_the_stored_links(services: Services) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 2)
    view = plain(await services.queries.view(game_id, tokens[0]))
    stored = await services.repo.store.read_stream(game_id)
    assert view["chain_head"] == stored[-1].chain
    move = plain(await services.queries.legal_moves(game_id, tokens[0]))["moves"][0]
    answer = plain(await services.commands.command(game_id, tokens[0], json.dumps(move).encode(), None, None))
    stored = await services.repo.store.read_stream(game_id)
    by_version = {r.version: r.chain for r in stored}
    assert [e["chain"] for e in answer["events"]] == [by_version[e["version"]] for e in answer["events"]]
    assert answer["chain_head"] == answer["events"][-1]["chain"]
    page = plain(await services.queries.events(game_id, tokens[1], 0, 1000))
    assert [e["chain"] for e in page["events"]] == [r.chain for r in stored]


async def test_each_webhook_delivery_carries_its_events_link(
    services: Services, adapters: Adapters, clock: ManualClock
) -> None:
    receiver = InProcessReceiver()
    await receiver.start()
    poster = receiver.poster()
    try:
        worker = WebhookWorker(services.repo, adapters.store, adapters.webhooks, poster, QUICK, clock=clock)
        _, key = await services.keys.create("chain portal")
        await services.webhooks.register(key, receiver.url, ["*"])
        created = plain(await services.commands.create("six-nimmt", 2, None, None, key))
        for _ in range(2):
            await services.commands.join(created["game_id"], created["admin_token"], None, None, "random")
        stored = await services.repo.store.read_stream(created["game_id"])
        await run_until(clock, [worker], lambda: len(receiver.received) >= len(stored))
        await asyncio.sleep(0)
        links = {r.version: r.chain for r in stored}
        assert all(r.event["chain"] == links[r.event["version"]] for r in receiver.received)
    finally:
        await poster.aclose()
        await receiver.stop()
