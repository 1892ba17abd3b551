"""Fault 3: the API process is killed with SIGKILL under load and started again. Every command that got a 2xx is
in the store exactly once, and commands retried with the same Idempotency-Key are not applied twice."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from tests import local_http
from tests.e2e.client import bearer
from tests.e2e.conftest import start_server, stop_server
from tests.faults.conftest import Stack
from tests.faults.load import GAMES, Outcome, Player, Target, check_store, new_game
from tests.ops import wait_for

pytestmark = pytest.mark.faults


async def test_sigkill_under_load_loses_and_doubles_nothing(stack: Stack) -> None:
    process, base = start_server(stack.urls)
    outcome = Outcome()
    try:
        async with local_http.async_client() as http:
            games = [await new_game(http, base, game, players, options) for game, players, options in GAMES * 2]
            target = Target(base)
            stop = asyncio.Event()
            load = asyncio.gather(*(Player(http, target, outcome, g, tokens).play(stop) for g, tokens in games))
            await asyncio.sleep(1.5)
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
            acked_at_kill = len(outcome.acks)
            # The players meet the dead server before a new one is up: its cut connections, then its refused port.
            # The server may have answered every request it had before it died (a busy client reads its answers
            # late), so only the dead port makes sure the load saw the fault; waited for on the loop, not assumed.
            await wait_for(lambda: outcome.transport_errors > 0, seconds=10)
            lost_connections = outcome.transport_errors
            # started in a thread so that the players keep retrying (same keys) against the dead port meanwhile
            process, target.base = await asyncio.to_thread(start_server, stack.urls)
            for _ in range(300):  # 30 s at most
                if len(outcome.acks) >= acked_at_kill + 2 * len(games):
                    break
                await asyncio.sleep(0.1)
            else:
                raise AssertionError("no command acknowledged by the restarted server")
            stop.set()
            await asyncio.wait_for(load, timeout=60)
            # a client that lost an answer sends the command again: the first answer comes back, nothing is applied
            for ack in outcome.acks[: 3 * len(games)]:
                tokens = dict(games)[ack.game_id]
                again = await http.post(
                    f"{target.base}/v1/games/{ack.game_id}/commands",
                    json=ack.move,
                    headers={**bearer(tokens[ack.seat]), "Idempotency-Key": ack.key},
                )
                assert again.status_code == 200, again.text
                assert again.json() == ack.body
    finally:
        stop_server(process)
    assert outcome.server_errors == [], outcome.server_errors[:5]
    assert outcome.refused == [], outcome.refused[:5]
    assert acked_at_kill > 0 and outcome.transport_errors > 0, (acked_at_kill, lost_connections)
    figures = await check_store(stack.urls.database_url, outcome, [g for g, _ in games])
    print(f"killed with {acked_at_kill} acknowledged, {outcome.transport_errors} dropped requests; {figures}")
