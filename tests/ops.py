"""Helpers of the operations tests (metrics, logs, traces): the app in this process on the test servers, and a
whole game played over it."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import httpx

from infra.settings import Settings


def ops_settings(settings: Settings, **changes: Any) -> Settings:
    """The test servers, without per-client limits (every request comes from one client), limits' keys of their
    own (other tests share the Redis)."""
    unlimited: dict[str, Any] = {
        "rate_failed_auth": "0",
        "rate_commands": "0",
        "rate_create": "0",
        "rate_create_total": "0",
        "rate_key_prefix": f"tapis:test:{secrets.token_hex(4)}",
        "max_connections_per_client": 0,
    }
    return replace(settings, **(unlimited | changes))


async def wait_for(condition: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


async def new_game(
    client: httpx.AsyncClient, players: int = 2, bots: int = 1, game: str = "six-nimmt", **extra: Any
) -> tuple[str, str, dict[int, str]]:
    """A started game with `players - bots` people (then the bots): (game id, admin token, {seat: token})."""
    created = await client.post("/v1/games", json={"game": game, "players": players, **extra})
    assert created.status_code == 201, created.text
    body = created.json()
    game_id, admin = body["game_id"], body["admin_token"]
    tokens: dict[int, str] = {}
    for n in range(players - bots):
        join: dict[str, Any] = {"name": f"player {n}", "entropy": secrets.token_hex(8)}
        if body.get("join_code"):
            join["join_code"] = body["join_code"]
        joined = await client.post(f"/v1/games/{game_id}/seats", json=join)
        assert joined.status_code == 201, joined.text
        tokens[joined.json()["seat"]] = joined.json()["player_token"]
    for _ in range(bots):
        seated = await client.post(f"/v1/games/{game_id}/seats", json={"bot": "random"}, headers=bearer(admin))
        assert seated.status_code == 201, seated.text
    started = await client.post(f"/v1/games/{game_id}/start", headers=bearer(admin))
    assert started.status_code == 200, started.text
    return game_id, admin, tokens


async def play_out(client: httpx.AsyncClient, game_id: str, tokens: dict[int, str], seconds: float = 60) -> int:
    """The people send their first legal move whenever awaited (the bots play themselves) until the game ends;
    returns the commands sent."""
    sent = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        view = (await client.get(f"/v1/games/{game_id}")).json()
        if view["status"] != "active":
            return sent
        people = [seat for seat in view["awaiting"] if seat in tokens]
        if not people:
            await asyncio.sleep(0.02)  # a bot's turn, played in the background
            continue
        token = tokens[people[0]]
        moves = (await client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(token))).json()["moves"]
        if moves:
            answer = await client.post(f"/v1/games/{game_id}/commands", json=moves[0], headers=bearer(token))
            assert answer.status_code in {200, 409, 422}, answer.text  # a race with a bot's move is refused
            sent += 1
    raise AssertionError(f"game {game_id} did not end in {seconds} s")
