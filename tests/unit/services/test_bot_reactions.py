"""Bots react to a person's trades through the service layer: an open offer is taken in the same request.

Moved from tests/integration/, assertions unchanged.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from bootstrap import Services
from tests.plain import plain


async def view(services: Services, game_id: str, token: str) -> dict[str, Any]:
    shown: dict[str, Any] = plain(await services.queries.view(game_id, token))
    return shown


async def send(services: Services, game_id: str, token: str, command: dict[str, Any]) -> dict[str, Any]:
    answer = await services.commands.command(game_id, token, msgspec.json.encode(command), None, None)
    # the use case answers a CommandResult now, no longer its JSON bytes: read it as the API's clients do
    decoded: dict[str, Any] = plain(answer)
    return decoded


async def test_a_smart_bot_takes_a_persons_open_offer_at_once(services: Services) -> None:
    created = plain(await services.commands.create("bohnanza", 3, {}, "05" * 32, None))
    game_id, admin = created["game_id"], created["admin_token"]
    person = (plain(await services.commands.join(game_id, admin, "ana", 0, None)))["player_token"]
    for seat in (1, 2):
        plain(await services.commands.join(game_id, admin, None, seat, "smart"))
    await services.commands.start(game_id, admin)

    # the bots play until the person is active; the person plants what it must and turns up two cards
    for _ in range(200):
        shown = await view(services, game_id, person)
        if shown["state"]["active"] == 0 and shown["state"]["phase"] == "trade":
            break
        moves = (plain(await services.queries.legal_moves(game_id, person)))["moves"]
        assert moves, "the person is the only one the game can wait for"
        planting = [m for m in moves if m["type"] in ("plant", "plant_pending")]
        await send(services, game_id, person, (planting or [m for m in moves if m["type"] == "turn_up"])[0])
    else:
        pytest.fail("the person never reached a trade phase")

    face_up = shown["state"]["face_up"]
    answer = await send(services, game_id, person, {"type": "propose_trade", "to": None, "give_face_up": [0]})
    # the recorded command first (dealing 2), then what it produced
    assert [e["type"] for e in answer["events"]] == ["CommandAccepted", "TradeProposed"]
    # by the time the answer is sent, the bots have reacted: the bot's recorded command, then its acceptance
    after = await services.repo.store.read_stream(game_id, answer["version"])
    assert [r.type for r in after][:2] == ["CommandAccepted", "TradeAccepted"], f"no bot took a free {face_up[0]}"
    assert msgspec.json.decode(after[0].data)["by"] == "bot"
    assert after[1].metadata["bot"] == "smart" and after[1].metadata["actor"] in (1, 2)
    now = await view(services, game_id, person)
    assert now["state"]["trades"] == [] and now["state"]["phase"] == "trade", "the person still trades"
