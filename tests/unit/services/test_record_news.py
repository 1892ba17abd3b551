"""A seat let go in one API process is forgotten by the others at once, not when their projector comes by.

A copy of tests/integration/test_record_news.py on memory adapters, assertions unchanged: the two processes are
two wirings over one set of adapters, the news goes through the memory record news (the integration copy keeps
the Redis channel).
"""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from bootstrap import Adapters, Services, wire
from infra.settings import Settings
from services.errors import Unauthorized
from tests.game_driver import SEED
from tests.plain import plain


async def test_another_process_refuses_a_token_let_go_without_waiting_for_its_projector(
    adapters: Adapters, settings: Settings
) -> None:
    # two processes' worth of services on the same servers, neither running its catch-up projector
    await a_token_let_go_is_refused_there(here=wire(adapters, settings), there=wire(adapters, settings))


async def a_token_let_go_is_refused_there(
    here: Services, there: Services, subscribed: float = 0, poll: float = 0
) -> None:
    """A seat let go in one process: the other, which cached the game's record with that seat's token, refuses
    the token at once. In memory, a turn of the loop is all the news needs (`subscribed`, `poll` 0); over Redis
    the caller gives the follower time to subscribe and the message time to arrive."""
    stop = asyncio.Event()
    following = asyncio.create_task(there.record_news.follow(stop, there.repo.forget))
    try:
        await asyncio.sleep(subscribed)
        created = plain(await here.commands.create("six-nimmt", 2, None, SEED, None))
        game_id = created["game_id"]
        ann = (plain(await here.commands.join(game_id, None, "ann", None, None)))["player_token"]
        assert (plain(await there.queries.view(game_id, ann)))["you"] == 0  # `there` caches the record with ann's token
        plain(await here.seats.leave(game_id, ann))
        for _ in range(40):
            await asyncio.sleep(poll)
            with contextlib.suppress(Unauthorized):
                plain(await there.queries.view(game_id, ann))
                continue
            break
        else:
            pytest.fail("the other process still took the token 2 s after the seat was let go")
    finally:
        stop.set()
        await following
