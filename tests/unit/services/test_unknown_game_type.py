"""A stored game whose type this server does not register is a clear 404, never a 500 (fuzzing met one: a game
of the toy type, created by an in-process test, read by a server that does not register it)."""

from __future__ import annotations

import pytest

from bootstrap import Adapters, wire
from domain.games.registry import GAMES
from infra.settings import Settings
from services.codec import UnknownGame, codec
from tests.toy_game.game import GAME as TOY


async def test_a_game_of_a_type_not_served_here_is_404_with_its_own_code(adapters: Adapters) -> None:
    GAMES[TOY.name] = TOY
    codec.cache_clear()
    try:
        elsewhere = wire(adapters, Settings(test_mode=True))
        created = await elsewhere.commands.create(TOY.name, 2, None, None, None)
    finally:
        del GAMES[TOY.name]
        codec.cache_clear()
    here = wire(adapters, Settings(test_mode=True))
    for read in (here.queries.view, here.queries.legal_moves):
        with pytest.raises(UnknownGame) as refused:
            await read(created.game_id, created.admin_token)
        assert refused.value.status == 404 and refused.value.code == "game_type_not_served"
        assert TOY.name not in refused.value.details["games"]
