"""Plays games through the service layer, as the API would, with the players' own tokens.

Shared by the service tests (tests/unit/services/, on memory adapters) and the integration tests that need the
real servers (tests/integration/), so it lives beside both."""

from __future__ import annotations

from typing import Any

import msgspec

from api.dependencies import Services
from domain.kernel.shuffle import Draws
from tests.plain import plain

SEED = "00" * 32


async def new_game(
    services: Services, game: str, players: int, options: dict[str, Any] | None = None, seed: str = SEED
) -> tuple[str, str, list[str]]:
    created = plain(await services.commands.create(game, players, options, seed, None))
    game_id, admin = created["game_id"], created["admin_token"]
    tokens = []
    for seat in range(players):
        joined = plain(await services.commands.join(game_id, None, f"p{seat}", None, None))
        assert joined["seat"] == seat
        tokens.append(joined["player_token"])
    await services.commands.start(game_id, admin)
    return game_id, admin, tokens


async def step(services: Services, game_id: str, tokens: list[str], draws: Draws) -> bool:
    """One command by the first awaited seat; False once the game is over."""
    view = plain(await services.queries.view(game_id, None))
    if view["status"] != "active":
        return False
    seat = view["awaiting"][0]
    moves = (plain(await services.queries.legal_moves(game_id, tokens[seat])))["moves"]
    move = moves[draws.draw(len(moves))]
    await services.commands.command(game_id, tokens[seat], msgspec.json.encode(move), None, None)
    return True


async def play_to_end(services: Services, game_id: str, tokens: list[str], limit: int = 100_000) -> None:
    draws = Draws(b"driver", game_id)
    for _ in range(limit):
        if not await step(services, game_id, tokens, draws):
            return
    raise AssertionError("the game did not end")
