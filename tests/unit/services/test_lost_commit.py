"""A command whose append committed but whose caller never heard it (the connection to Postgres lost during the
commit: a failover) is resent with its key and answered from the store; the view and the next command then start
from the stream's head, not from the state before it (tests/postgres_failover/ met a player refused a move the
stale view had offered)."""

from __future__ import annotations

from typing import Any

import msgspec

import bootstrap
from infra.memory.event_store import MemoryEventStore
from services.ports import StoreUnavailable
from tests.game_driver import new_game
from tests.plain import plain
from tests.unit.services.fakes import fresh_adapters


class LosesAnAnswer(MemoryEventStore):
    """Appends, then, once when told, raises as if the connection died before the commit's answer."""

    lose_next = False

    async def append(self, *args: Any, **kwargs: Any) -> int:
        version = await super().append(*args, **kwargs)
        if self.lose_next:
            self.lose_next = False
            raise StoreUnavailable("connection lost after the commit (test)")
        return version


async def test_a_command_answered_from_the_store_moves_the_view_on() -> None:
    store = LosesAnAnswer()
    adapters = fresh_adapters(store=store)  # its key, webhook, clock and archive stores on this store
    services = bootstrap.in_memory(adapters=adapters)
    game_id, _, tokens = await new_game(services, "six-nimmt", 2)
    hand = plain(await services.queries.view(game_id, tokens[0]))["state"]["hand"]
    body = msgspec.json.encode({"type": "play_card", "card": hand[0]})

    store.lose_next = True
    try:
        await services.commands.command(game_id, tokens[0], body, None, "k1")
    except StoreUnavailable:
        pass
    else:
        raise AssertionError("the first answer was to be lost")
    answer = await services.commands.command(game_id, tokens[0], body, None, "k1")  # resent: from the store
    head = (await store.read_stream(game_id))[-1].version
    assert answer.version == head
    view = plain(await services.queries.view(game_id, tokens[1]))
    assert view["version"] == head
    assert view["awaiting"] == [1]  # seat 0 has chosen: the view says so, and seat 1's move is taken
    other = plain(await services.queries.view(game_id, tokens[1]))["state"]["hand"][0]
    moved = await services.commands.command(
        game_id, tokens[1], msgspec.json.encode({"type": "play_card", "card": other}), None, "k2"
    )
    assert moved.version > head
