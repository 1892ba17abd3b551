"""Expert bots search (domain/kernel/search.py) off the event loop: at a table with an `expert` seat the bot's choice
runs in a worker thread of the bot player's pool, a request hands every bot move of such a table to the runner, and
the loop keeps serving requests while a search runs.
"""

from __future__ import annotations

import asyncio
import threading

from bootstrap import Adapters, Services, wire
from infra.settings import Settings
from services.bots import BotPlayer
from tests.plain import plain
from tests.unit.services.fakes import fresh_adapters, thread_turn

ONE_ROUND: dict[str, object] = {"end": {"kind": "rounds", "rounds": 1}}


async def expert_table(
    services: Services, game: str, players: int, seed: str, options: dict[str, object] | None = None
) -> tuple[str, int]:
    created = await services.commands.create(game, players, options, seed, None)
    for _ in range(players):
        await services.commands.join(created.game_id, created.admin_token, None, None, "expert")
    started = await services.commands.start(created.game_id, created.admin_token)
    return created.game_id, started.version


async def test_an_expert_seat_is_taken_named_and_refused_under_another_name(services: Services) -> None:
    created = await services.commands.create("six-nimmt", 2, None, "0e" * 32, None)
    seated = await services.commands.join(created.game_id, created.admin_token, None, None, "expert")
    view = plain(await services.queries.view(created.game_id, None))
    assert view["players"][seated.seat]["bot"] == "expert"
    assert view["players"][seated.seat]["name"] == "expert bot"


async def test_the_search_runs_in_a_worker_thread_and_the_loop_serves_requests_meanwhile() -> None:
    services = wire(fresh_adapters(), Settings(test_mode=True, bot_expert_budget=0.25))
    player = services.bot_runner.mover
    assert isinstance(player, BotPlayer)
    threads: list[str] = []
    searching = threading.Event()  # set while a search runs in its thread
    decide = player.decide

    def spying(record, table):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread().name)
        searching.set()
        try:
            return decide(record, table)
        finally:
            searching.clear()

    player.decide = spying  # type: ignore[method-assign]
    services.bot_runner.start()
    try:
        game_id, _ = await expert_table(services, "six-nimmt", 3, "0f" * 32, ONE_ROUND)
        served_during_a_search = 0
        while services.bot_runner.busy():
            await services.queries.view(game_id, None)  # a request: the loop answers it while the bots think
            served_during_a_search += searching.is_set()
            await thread_turn()
        await asyncio.wait_for(services.bot_runner.settle(), timeout=120)
    finally:
        await services.bot_runner.stop()
    assert threads and all(name.startswith("tapis-expert") for name in threads), set(threads)
    assert served_during_a_search > 0, "requests were answered while a search ran"
    assert plain(await services.queries.view(game_id, None))["status"] == "finished"
    assert plain(await services.auditor.audit(game_id))["ok"], "the audit agrees with the moves as recorded"


async def test_a_request_at_an_expert_table_plays_no_bot_move_inline(adapters: Adapters) -> None:
    game = "le-baron"
    services = wire(adapters, Settings(test_mode=True, bot_expert_budget=0.1))
    services.bot_runner.start()
    try:
        game_id, _ = await expert_table(services, game, 3, "10" * 32)
        started = await adapters.store.read_stream(game_id)
        assert not [r for r in started if r.type == "CommandAccepted" and "bot" in r.metadata], "none in the request"
        assert services.bot_runner.playing(game_id)
        await asyncio.wait_for(services.bot_runner.settle(), timeout=120)
    finally:
        await services.bot_runner.stop()
    assert plain(await services.queries.view(game_id, None))["status"] == "finished"
