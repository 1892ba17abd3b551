"""Bot-only games through the service layer (real Postgres and Redis) finish, for every game and player count.

The admin seats bots and starts the game; `run_bots` then plays every move through the same append path a
human's command takes. Each event carries the bot's seat and level in its metadata, and the same seed gives
the same stream. Games are kept short where the game has an option for it (one round). The cases are every
registered game at every player count it allows, and the toy game (tests/toy_game, registered by `toy_game`).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import asyncpg
import msgspec
import pytest
import redis.asyncio as redis

from api.dependencies import Services
from bootstrap import build_services
from domain.games.registry import GAMES
from domain.kernel.bots import LEVELS
from infra.settings import Settings
from tests.plain import plain
from tests.registered import cases, shortest_options

pytestmark = [pytest.mark.integration, pytest.mark.usefixtures("toy_game")]

SEED = "07" * 32
# the expert seats search a tenth of the default worlds (TAPIS_BOT_EXPERT_BUDGET=0.1): the same search, its moves
# recorded and checked as any bot's, for a tenth of its CPU (most of this module's 60 CPU-s at the default budget);
# how well the expert plays at the default budget is the statistics' (tests/unit/test_bots_expert.py's slow cases,
# make test-statistics), how long its moves take the benchmarks' (docs/benchmarks.md, "Expert bots")
EXPERT_BUDGET = 0.1


@pytest.fixture(scope="module")
def services(pool: asyncpg.Pool, redis_conn: redis.Redis, settings: Settings) -> Services:
    return build_services(pool, redis_conn, dataclasses.replace(settings, bot_expert_budget=EXPERT_BUDGET))


def table_of_three(game: str) -> int:
    """Three seats, or the nearest count the game allows."""
    rules = GAMES[game]
    return min(max(3, rules.min_players), rules.max_players)


async def bot_game(services: Services, game: str, players: int, seed: str = SEED) -> str:
    created = plain(await services.commands.create(game, players, shortest_options(game, players), seed, None))
    game_id: str = created["game_id"]
    admin = created["admin_token"]
    for seat in range(players):
        joined = plain(await services.commands.join(game_id, admin, None, None, LEVELS[seat % len(LEVELS)]))
        assert joined["bot"] == LEVELS[seat % len(LEVELS)]
    await services.commands.start(game_id, admin)
    return game_id


async def stream(services: Services, game_id: str) -> list[tuple[str, bytes, dict[str, Any]]]:
    recorded = await services.repo.store.read_stream(game_id)
    return [(r.type, r.data, r.metadata) for r in recorded]


@pytest.mark.parametrize(("game", "players"), cases())
async def test_a_bot_only_game_finishes_through_the_service_layer(services: Services, game: str, players: int) -> None:
    game_id = await bot_game(services, game, players)
    view = plain(await services.queries.view(game_id, None))
    assert view["status"] == "finished", view["awaiting"]
    assert view["winners"]
    events = await stream(services, game_id)
    started = next(i for i, (kind, _, _) in enumerate(events) if kind == "GameStarted")
    # past the start's own deal, every event was written by a bot command that names its seat and level
    moves = [meta for _, _, meta in events[started + 1 :] if meta["actor"] != "admin"]
    assert moves
    for meta in moves:
        assert meta["bot"] == LEVELS[meta["actor"] % len(LEVELS)], meta
    assert events[-1][0] == "GameEnded"


@pytest.mark.parametrize("game", sorted({str(case.values[0]) for case in cases()}))
async def test_the_same_seed_in_two_games_gives_two_deals(services: Services, game: str) -> None:
    """Dealing 2 binds the deal key to the game id: a seed a creator reuses (test mode) links no two games, and the
    audit of each re-derives its own deal."""
    players = table_of_three(game)
    first_id = await bot_game(services, game, players)
    second_id = await bot_game(services, game, players)
    first, second = await stream(services, first_id), await stream(services, second_id)

    def deals(events: list[tuple[str, bytes, dict[str, Any]]]) -> list[bytes]:
        return [data for kind, data, _ in events if kind == "DeckShuffled"]

    assert deals(first) != deals(second)
    for game_id in (first_id, second_id):
        audit = plain(await services.auditor.audit(game_id))
        assert audit["ok"], audit["checks"]


async def test_bots_answer_as_soon_as_a_human_has_played(services: Services) -> None:
    """Six-nimmt is simultaneous: the bots choose at the start; the human's card then completes the turn."""
    created = plain(await services.commands.create("six-nimmt", 3, None, SEED, None))
    game_id, admin = created["game_id"], created["admin_token"]
    human = (plain(await services.commands.join(game_id, None, "ann", None, None)))["player_token"]
    # the levels that move inside the request; an expert's search leaves its moves to the background runner
    # (tests/unit/services/test_expert_bots.py), which this service-layer test does not run
    for level in ("random", "smart"):
        plain(await services.commands.join(game_id, admin, None, None, level))
    await services.commands.start(game_id, admin)
    view = plain(await services.queries.view(game_id, human))
    assert view["awaiting"] == [0]
    assert view["state"]["chosen"] == [False, True, True]
    for _ in range(200):
        view = plain(await services.queries.view(game_id, human))
        if view["status"] != "active":
            break
        assert view["awaiting"] == [0]  # the bots never keep the human waiting
        move = (plain(await services.queries.legal_moves(game_id, human)))["moves"][0]
        await services.commands.command(game_id, human, msgspec.json.encode(move), None, None)
    assert view["status"] == "finished"
