"""A game left waiting on a bot (its request died before the bots moved) is woken in the background."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from api.dependencies import Services
from domain.kernel import table as tables
from domain.kernel.table import Table
from services.bot_sweeper import BotSweeper
from services.codec import codec

pytestmark = pytest.mark.integration


async def test_a_stalled_bot_turn_is_played_by_the_sweeper(services: Services) -> None:
    commands = services.commands
    created = await commands.create("six-nimmt", 2, {"end": {"kind": "rounds", "rounds": 1}}, "ab" * 32, None)
    game_id, admin = created["game_id"], created["admin_token"]
    human = (await commands.join(game_id, None, "ann", None, None))["player_token"]
    await commands.join(game_id, admin, None, None, "random")
    await commands.start(game_id, admin)
    record = await services.repo.record(game_id)
    rules = codec("six-nimmt").rules
    view = await services.queries.view(game_id, human)
    assert view["awaiting"] == [0], "the bot chose at once, the human is awaited"

    # the human's command is stored, then the process "dies" before the bots' turn (no run_bots)
    card = view["state"]["hand"][0]

    def decision(table: Table[Any]) -> list[Any]:
        return tables.play(
            rules, table, 0, msgspec.convert({"type": "play_card", "card": card}, rules.command_type), record.seed
        )

    committed = await commands._commit_loop(record, decision, {"actor": 0})
    stalled = committed.table
    for _ in range(200):  # play the human seat until the resolution waits on the bot
        if stalled.status != "active" or 1 in rules.awaiting(stalled.inner):
            break
        move = rules.legal_moves(stalled.inner, 0)[0]
        committed = await commands._commit_loop(
            record, lambda t, m=move: tables.play(rules, t, 0, m, record.seed), {"actor": 0}, start_from=stalled
        )
        stalled = committed.table
    assert stalled.status == "active" and 1 in rules.awaiting(stalled.inner), "the bot is awaited and nobody plays it"

    now = [1e12]
    sweeper = BotSweeper(commands, grace=5.0, clock=lambda: now[0])
    assert game_id in await services.repo.projections.bot_turns(now[0], 1000)
    assert game_id not in await services.repo.projections.bot_turns(0.0, 1000), "not before its grace period"
    woken = await sweeper.run_once()
    assert woken >= 1
    after = await services.queries.view(game_id, human)
    assert after["version"] > stalled.version
    assert after["status"] == "finished" or 1 not in after["awaiting"]
    assert game_id not in await services.repo.projections.bot_turns(now[0], 1000)
