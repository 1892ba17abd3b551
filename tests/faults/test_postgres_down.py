"""Fault 2: Postgres stops while players send commands. Meanwhile requests get 503 with Retry-After, never a 500
and never a hang; when it returns the same server recovers by itself; no acknowledged command is missing and none
is half-applied."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests import local_http
from tests.e2e.conftest import start_server, stop_server
from tests.faults.conftest import Stack
from tests.faults.load import GAMES, Outcome, Player, Target, check_store, new_game

pytestmark = pytest.mark.faults


async def test_503_while_postgres_is_down_then_recovery_without_loss(stack: Stack) -> None:
    process, base = start_server(stack.urls)
    outcome = Outcome()
    try:
        async with local_http.async_client() as http:
            games = [await new_game(http, base, game, players, options) for game, players, options in GAMES * 2]
            target = Target(base)
            stop = asyncio.Event()
            load = asyncio.gather(*(Player(http, target, outcome, g, tokens).play(stop) for g, tokens in games))
            await asyncio.sleep(1.5)
            acked_before = len(outcome.acks)
            stack.servers.stop_server("postgres")
            down_at = time.monotonic()
            await asyncio.sleep(2.0)
            unavailable = outcome.statuses[503]
            health = await http.get(f"{base}/v1/health", timeout=5)
            assert health.status_code == 503 and health.headers["retry-after"]
            created = await http.post(f"{base}/v1/games", json={"game": "six-nimmt", "players": 3}, timeout=5)
            assert created.status_code == 503 and created.json()["error"]["code"] == "service_unavailable"
            stack.servers.start_server("postgres")
            up_at = time.monotonic()
            acked_at_restart = len(outcome.acks)
            # the same server process, no restart: commands are acknowledged again within a bounded time
            while len(outcome.acks) < acked_at_restart + 3 * len(games):
                assert time.monotonic() < up_at + 20, "no recovery 20 s after Postgres returned"
                await asyncio.sleep(0.1)
            recovered_in = outcome.last_ok - up_at
            stop.set()
            await asyncio.wait_for(load, timeout=60)
    finally:
        stop_server(process)
    assert outcome.server_errors == [], outcome.server_errors[:5]
    assert outcome.refused == [], outcome.refused[:5]
    assert acked_before > 0 and unavailable > 0, outcome.statuses
    assert outcome.statuses.keys() <= {200, 503}, outcome.statuses
    figures = await check_store(stack.urls.database_url, outcome, [g for g, _ in games])
    print(f"postgres down {up_at - down_at:.1f} s, recovered in {recovered_in:.2f} s, {outcome.statuses}, {figures}")
