"""A game left waiting on a bot (its request died before the bots moved) is woken in the background.

The first test moved from tests/integration/, assertions unchanged (the projections' `bot_turns` on Redis is the
contract suite's); the second runs the sweeper on a fake clock across its grace period; the third leaves to the bot
runner (services/bot_runner.py) a game it is playing.
"""

from __future__ import annotations

import time
from typing import Any
from unittest import mock

import msgspec

from bootstrap import Adapters, Services, wire
from domain.kernel import table as tables
from domain.kernel.table import Table
from infra.settings import Settings
from services.bot_sweeper import BotSweeper
from services.codec import codec
from services.transact import Given
from services.writes import player
from tests.plain import plain


async def test_a_stalled_bot_turn_is_played_by_the_sweeper(services: Services) -> None:
    commands = services.commands
    created = plain(await commands.create("six-nimmt", 2, {"end": {"kind": "rounds", "rounds": 1}}, "ab" * 32, None))
    game_id, admin = created["game_id"], created["admin_token"]
    human = plain(await commands.join(game_id, None, "ann", None, None))["player_token"]
    await commands.join(game_id, admin, None, None, "random")
    await commands.start(game_id, admin)
    record = await services.repo.record(game_id)
    rules = codec("six-nimmt").rules
    view = plain(await services.queries.view(game_id, human))
    assert view["awaiting"] == [0], "the bot chose at once, the human is awaited"

    # the human's command is stored, then the process "dies" before the bots' turn (no run_bots)
    card = view["state"]["hand"][0]

    def decision(table: Table[Any]) -> tuple[None, list[Any]]:
        command = msgspec.convert({"type": "play_card", "card": card}, rules.command_type)
        return None, tables.play(rules, table, 0, command, record.seed)

    transactor = commands.transactor
    stalled = (await transactor.on(record).transact(decision, player(0))).table
    for _ in range(200):  # play the human seat until the resolution waits on the bot
        if stalled.status != "active" or 1 in rules.awaiting(stalled.inner):
            break
        move = rules.legal_moves(stalled.inner, 0)[0]

        def person(table: Table[Any], move: Any = move) -> tuple[None, list[Any]]:
            return None, tables.play(rules, table, 0, move, record.seed)

        played = await transactor.on(record).transact(person, player(0), load=Given(stalled))
        stalled = played.table
    assert stalled.status == "active" and 1 in rules.awaiting(stalled.inner), "the bot is awaited and nobody plays it"

    now = [1e12]
    sweeper = BotSweeper(services.repo, commands.bots, services.bot_sweeper.schedule, grace=5.0, clock=lambda: now[0])
    assert game_id in await services.repo.projections.bot_turns(now[0], 1000)
    assert game_id not in await services.repo.projections.bot_turns(0.0, 1000), "not before its grace period"
    woken = await sweeper.run_once()
    assert woken >= 1
    after = plain(await services.queries.view(game_id, human))
    assert after["version"] > stalled.version
    assert after["status"] == "finished" or 1 not in after["awaiting"]
    assert game_id not in await services.repo.projections.bot_turns(now[0], 1000)


async def test_the_sweeper_wakes_a_stalled_bot_once_its_grace_has_passed_on_its_clock(adapters: Adapters) -> None:
    # a process whose requests leave every bot move to its runner (bot_moves_per_command=0), and which dies before
    # the runner plays them (its hand-off goes nowhere); and a healthy process beside it
    dying = wire(adapters, Settings(test_mode=True, bot_moves_per_command=0))
    dying.bot_runner.running = True
    healthy = wire(adapters, Settings(test_mode=True))
    created = plain(await dying.commands.create("six-nimmt", 2, None, "ab" * 32, None))
    game_id, admin = created["game_id"], created["admin_token"]
    await dying.commands.join(game_id, None, "ann", None, None)
    await dying.commands.join(game_id, admin, None, None, "random")
    with mock.patch.object(dying.bot_runner, "wake", return_value=True) as handed:
        await dying.commands.start(game_id, admin)
    assert handed.call_count == 1, "the start handed the bot's move to the runner"
    assert plain(await healthy.queries.view(game_id, None))["awaiting"] == [0, 1], "the bot has not chosen"

    # the projection stamps a bot turn with the wall clock (services/repository.py's `summary`): start there
    now = [time.time()]
    sweeper = BotSweeper(
        healthy.repo, healthy.bot_sweeper.bots, healthy.bot_sweeper.schedule, grace=5.0, clock=lambda: now[0]
    )
    assert await sweeper.run_once() == 0, "not within its grace period"
    now[0] += 6
    assert await sweeper.run_once() == 1
    chosen = [r.metadata for r in await adapters.store.read_stream(game_id) if r.type == "CardChosen"]
    assert chosen == [{"actor": 1, "bot": "random", "attempt": 0}]
    assert plain(await healthy.queries.view(game_id, None))["awaiting"] == [0]
    assert await sweeper.run_once() == 0, "nothing waits on a bot any more"


async def test_the_sweeper_leaves_a_game_to_the_runner_that_is_playing_it(adapters: Adapters) -> None:
    # bots that think for longer than the sweeper's grace: the sweeper must not play between their pauses
    services = wire(adapters, Settings(test_mode=True, bot_think_seconds=30.0))
    services.bot_runner.start()
    try:
        created = plain(await services.commands.create("six-nimmt", 2, None, "ab" * 32, None))
        game_id, admin = created["game_id"], created["admin_token"]
        await services.commands.join(game_id, None, "ann", None, None)
        await services.commands.join(game_id, admin, None, None, "random")
        await services.commands.start(game_id, admin)
        assert services.bot_runner.playing(game_id), "the bot thinks in the background"
        sweeper = BotSweeper(
            services.repo,
            services.bot_sweeper.bots,
            services.bot_sweeper.schedule,
            grace=5.0,
            clock=lambda: time.time() + 60,
        )
        assert game_id in await services.repo.projections.bot_turns(time.time() + 60, 1000)
        assert await sweeper.run_once() == 0
        assert [r.type for r in await adapters.store.read_stream(game_id) if r.type == "CardChosen"] == []
    finally:
        await services.bot_runner.stop()
    assert not services.bot_runner.playing(game_id), "stopped: the pause ended at once, the task with it"
