"""A seat's token lives and dies with the append that seats or frees it: leaving forgets it in the `PlayerLeft`
append itself (no second write that a crash could skip), and it is refused right after."""

from __future__ import annotations

from typing import Any

import pytest

from bootstrap import Adapters, Services
from services.errors import Unauthorized
from services.ports import SeatToken
from tests.game_driver import SEED
from tests.plain import plain


async def test_leaving_forgets_the_token_in_the_same_append(
    services: Services, adapters: Adapters, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = plain(await services.commands.create("six-nimmt", 2, None, SEED, None))
    game_id = created["game_id"]
    ann, bob = [(plain(await services.commands.join(game_id, None, n, None, None)))["player_token"] for n in "ab"]
    append = adapters.store.append
    appends: list[tuple[list[str], SeatToken | None]] = []

    async def spy(*args: Any, **kwargs: Any) -> int:
        # Transactor.append passes (stream, expected version, events, metadata, idempotency, seat token)
        appends.append(([e.type for e in args[2]], args[5]))
        return await append(*args, **kwargs)

    monkeypatch.setattr(adapters.store, "append", spy)
    await services.seats.leave(game_id, ann)
    # one append: the recorded command (dealing 2), the PlayerLeft it produced, and the token forgotten with them
    assert appends == [(["CommandAccepted", "PlayerLeft"], SeatToken(seat=0, token_hash=None))]

    record = await adapters.store.game(game_id)
    assert record is not None and set(record.seat_token_hashes) == {1}
    for refused in (services.queries.view(game_id, ann), services.seats.leave(game_id, ann)):
        with pytest.raises(Unauthorized):
            await refused
    assert plain(await services.queries.view(game_id, bob))["you"] == 1  # the other seat keeps its token
