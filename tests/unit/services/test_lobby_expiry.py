"""Lobby games nobody starts expire (issue 16): `LobbyExpired` after `TAPIS_LOBBY_TTL_SECONDS`, appended once whatever
the number of processes sweeping; after it every lobby command is refused `game_expired`."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bootstrap import Adapters, Services, wire
from domain.kernel.errors import RuleViolation
from infra.settings import Settings
from services.lobby_sweeper import LobbySweeper
from tests.game_driver import SEED, new_game
from tests.plain import plain

DAY = 86_400.0


def sweeper(services: Services, ttl: float = DAY, after: float = DAY + 1) -> LobbySweeper:
    """A sweeper whose clock reads `after` seconds from now."""
    return LobbySweeper(
        services.lobby_sweeper.transactor, services.lobby_sweeper.schedule, ttl, clock=lambda: time.time() + after
    )


async def kinds(services: Services, game_id: str) -> list[str]:
    return [r.type for r in await services.repo.store.read_stream(game_id)]


def test_the_default_time_to_live_is_a_day(services: Services) -> None:
    assert Settings().lobby_ttl_seconds == DAY
    assert services.lobby_sweeper.ttl == DAY


async def test_a_lobby_expires_after_its_time_and_refuses_every_lobby_command(services: Services) -> None:
    created = plain(await services.commands.create("six-nimmt", 3, None, SEED, None))
    game_id, admin = created["game_id"], created["admin_token"]
    ann = plain(await services.commands.join(game_id, None, "ann", None, None))["player_token"]
    assert await sweeper(services, after=DAY - 60).run_once() == 0  # not yet
    assert await sweeper(services).run_once() == 1
    assert (await kinds(services, game_id))[-2:] == ["CommandAccepted", "LobbyExpired"]
    view = plain(await services.queries.view(game_id, ann))
    assert view["status"] == "expired" and view["you"] == 0
    before = await kinds(services, game_id)
    attempts: list[Any] = [
        services.commands.join(game_id, None, "bob", None, None),
        services.commands.join(game_id, admin, None, None, "smart"),
        services.commands.start(game_id, admin),
        services.seats.leave(game_id, ann),
        services.seats.remove(game_id, admin, 0),
    ]
    for attempt in attempts:
        with pytest.raises(RuleViolation) as refusal:
            await attempt
        assert refusal.value.code == "game_expired"
    assert await kinds(services, game_id) == before
    assert await sweeper(services).run_once() == 0  # out of the lobby set: never again
    listed = {g["game_id"]: g for g in plain(await services.queries.listing(None, "expired", 1000))["games"]}
    assert listed[game_id]["status"] == "expired"
    assert game_id not in {g["game_id"] for g in plain(await services.queries.listing(None, "lobby", 1000))["games"]}


async def test_a_started_game_never_expires_and_a_private_lobby_does(services: Services) -> None:
    game_id, _, _ = await new_game(services, "six-nimmt", 2)
    private = plain(await services.commands.create("six-nimmt", 2, None, SEED, None, private=True))["game_id"]
    assert await sweeper(services).run_once() == 1
    assert plain(await services.queries.view(game_id, None))["status"] == "active"
    assert plain(await services.queries.view(private, None))["status"] == "expired"


async def test_processes_sweeping_together_expire_a_lobby_once(
    services: Services, adapters: Adapters, settings: Settings
) -> None:
    games = [plain(await services.commands.create("le-baron", 3, None, SEED, None))["game_id"] for _ in range(5)]
    processes = [services, *(wire(adapters, settings) for _ in range(3))]
    counts = await asyncio.gather(*(sweeper(p).run_once() for p in processes))
    assert sum(counts) == len(games)
    for game_id in games:
        assert (await kinds(services, game_id)).count("LobbyExpired") == 1


async def test_a_game_that_starts_while_it_is_swept_is_not_expired(services: Services) -> None:
    created = plain(await services.commands.create("six-nimmt", 2, None, SEED, None))
    game_id, admin = created["game_id"], created["admin_token"]
    for name in ("ann", "bob"):
        plain(await services.commands.join(game_id, None, name, None, None))
    late = sweeper(services)
    # the sweeper read the lobby set before the start; its expiry is decided on the game as it is when it lands
    due = await services.repo.projections.lobbies(time.time() + DAY, 100)
    assert game_id in due
    await services.commands.start(game_id, admin)
    assert await late.expire(game_id) == 0
    assert "LobbyExpired" not in await kinds(services, game_id)


async def test_a_time_to_live_of_zero_never_expires(services: Services) -> None:
    plain(await services.commands.create("six-nimmt", 2, None, SEED, None))
    assert await sweeper(services, ttl=0, after=10 * DAY).run_once() == 0


async def test_an_id_no_store_knows_never_fills_the_batch(services: Services) -> None:
    for ghost in range(3):
        await services.repo.projections.save(f"ghost-{ghost}", 1, b"", {"status": "lobby", "created": 1.0})
    created = plain(await services.commands.create("six-nimmt", 2, None, SEED, None))["game_id"]
    swept = LobbySweeper(
        services.lobby_sweeper.transactor,
        services.lobby_sweeper.schedule,
        DAY,
        batch=2,
        clock=lambda: time.time() + DAY + 1,
    )
    total = 0
    for _ in range(3):
        total += await swept.run_once()
    assert total == 1 and plain(await services.queries.view(created, None))["status"] == "expired"
