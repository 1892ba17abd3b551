"""Games through the service layer on real Postgres and Redis: replay, audit, Redis loss, concurrency."""

from __future__ import annotations

import asyncio

import asyncpg
import msgspec
import pytest
import redis.asyncio as redis

from api.app import build_services, redis_client
from api.dependencies import Services
from infra.settings import Settings
from services.codec import codec, encode_table
from services.errors import PreconditionFailed
from tests.integration.game_driver import new_game, play_to_end

pytestmark = pytest.mark.integration


async def projection_bytes(services: Services, game_id: str) -> bytes | None:
    loaded = await services.repo.projections.load(game_id)
    return loaded[1] if loaded else None


async def replay_bytes(services: Services, game_id: str) -> bytes:
    return encode_table(await services.repo.replay(game_id, codec("six-nimmt")))


async def test_a_full_game_replays_to_its_projection_and_passes_the_audit(services: Services) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 4)
    await play_to_end(services, game_id, tokens)
    view = await services.queries.view(game_id, tokens[0])
    assert view["status"] == "finished"
    assert view["winners"] == [s for s, v in enumerate(view["scores"]) if v == min(view["scores"])]
    assert await projection_bytes(services, game_id) == await replay_bytes(services, game_id)
    report = await services.auditor.audit(game_id)
    assert report["ok"], report["checks"]
    assert {c["name"] for c in report["checks"]} == {"commitment", "shuffles", "scores", "replay"}


async def test_redis_flushed_mid_game_loses_nothing(services: Services, redis_conn: redis.Redis) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 3)
    for seat in (0, 1):
        move = (await services.queries.legal_moves(game_id, tokens[seat]))["moves"][0]
        await services.commands.command(game_id, tokens[seat], msgspec.json.encode(move), None, None)
    before = await replay_bytes(services, game_id)
    version = (await services.queries.view(game_id, None))["version"]
    await redis_conn.flushdb()
    view = await services.queries.view(game_id, tokens[2])  # falls back to a replay
    assert view["version"] == version
    assert view["state"]["chosen"] == [True, True, False]
    move = (await services.queries.legal_moves(game_id, tokens[2]))["moves"][0]
    await services.commands.command(game_id, tokens[2], msgspec.json.encode(move), None, None)
    await services.projector.catch_up()
    assert before != await replay_bytes(services, game_id)
    assert await projection_bytes(services, game_id) == await replay_bytes(services, game_id)


async def test_commands_work_from_postgres_while_redis_is_down(pool: asyncpg.Pool, settings: Settings) -> None:
    dead = redis_client("redis://127.0.0.1:1/0")  # nothing listens on port 1
    services = build_services(pool, dead, settings)
    try:
        game_id, _, tokens = await new_game(services, "six-nimmt", 2)
        await play_to_end(services, game_id, tokens)
        assert (await services.queries.view(game_id, None))["status"] == "finished"
        assert (await services.auditor.audit(game_id))["ok"]
        listing = await services.queries.listing("six-nimmt", None, 5)
        assert any(g["game_id"] == game_id for g in listing["games"])
    finally:
        await dead.aclose()


async def test_simultaneous_choices_are_neither_lost_nor_duplicated(services: Services) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 6)
    hands = [(await services.queries.view(game_id, t))["state"]["hand"] for t in tokens]

    async def choose(seat: int) -> None:
        body = msgspec.json.encode({"type": "play_card", "card": hands[seat][0]})
        await services.commands.command(game_id, tokens[seat], body, None, None)

    await asyncio.gather(*(choose(seat) for seat in range(6)))
    events = (await services.queries.events(game_id, None, 0, 1000))["events"]
    chosen = [e for e in events if e["type"] == "CardChosen"]
    assert sorted(e["data"]["seat"] for e in chosen) == list(range(6))
    revealed = [e for e in events if e["type"] == "CardsRevealed"]
    assert len(revealed) == 1
    assert sorted(c for _, c in revealed[0]["data"]["cards"]) == sorted(h[0] for h in hands)
    assert [e["version"] for e in events] == list(range(1, len(events) + 1))


async def test_two_api_processes_serve_one_game(pool: asyncpg.Pool, settings: Settings) -> None:
    assert settings.database_url and settings.redis_url
    other_pool = await asyncpg.create_pool(settings.database_url, min_size=1, max_size=5)
    first_redis, second_redis = redis_client(settings.redis_url), redis_client(settings.redis_url)
    try:
        first = build_services(pool, first_redis, settings)
        second = build_services(other_pool, second_redis, settings)
        game_id, _, tokens = await new_game(first, "six-nimmt", 4)
        for turn in range(30):
            side = first if turn % 2 else second
            view = await side.queries.view(game_id, None)
            if view["status"] != "active":
                break
            bodies = {
                seat: msgspec.json.encode((await side.queries.legal_moves(game_id, tokens[seat]))["moves"][0])
                for seat in view["awaiting"]
            }
            # each seat through the other process than the one that read the view
            await asyncio.gather(
                *(
                    (first if (seat + turn) % 2 else second).commands.command(game_id, tokens[seat], body, None, None)
                    for seat, body in bodies.items()
                )
            )
        replayed = encode_table(await first.repo.replay(game_id, codec("six-nimmt")))
        assert await projection_bytes(first, game_id) == replayed
        events = (await second.queries.events(game_id, None, 0, 1000))["events"]
        assert [e["version"] for e in events] == list(range(1, len(events) + 1))
    finally:
        await first_redis.aclose()
        await second_redis.aclose()
        await other_pool.close()


async def test_idempotency_key_and_if_match(services: Services) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 2)
    view = await services.queries.view(game_id, tokens[0])
    body = msgspec.json.encode({"type": "play_card", "card": view["state"]["hand"][0]})
    first = await services.commands.command(game_id, tokens[0], body, view["version"], "key-1")
    again = await services.commands.command(game_id, tokens[0], body, view["version"], "key-1")
    assert first == again
    after = await services.queries.view(game_id, tokens[0])
    assert after["version"] == view["version"] + 1
    with pytest.raises(PreconditionFailed):
        await services.commands.command(game_id, tokens[1], body, view["version"], None)
    assert (await services.queries.view(game_id, tokens[0]))["version"] == after["version"]


async def test_a_process_behind_the_game_never_refuses_a_legal_move(pool: asyncpg.Pool, settings: Settings) -> None:
    """Each process keeps the tables it wrote; moves of a turn-based game alternate between two processes,
    so each command meets a copy behind the stream: it must catch up, not answer `not_your_turn`."""
    assert settings.database_url and settings.redis_url
    other_pool = await asyncpg.create_pool(settings.database_url, min_size=1, max_size=5)
    first_redis, second_redis = redis_client(settings.redis_url), redis_client(settings.redis_url)
    try:
        sides = [build_services(pool, first_redis, settings), build_services(other_pool, second_redis, settings)]
        game_id, _, tokens = await new_game(sides[0], "daron", 3)
        for turn in range(60):
            side = sides[turn % 2]
            view = await side.queries.view(game_id, None)
            if view["status"] != "active":
                break
            seat = view["awaiting"][0]
            move = (await side.queries.legal_moves(game_id, tokens[seat]))["moves"][0]
            await side.commands.command(game_id, tokens[seat], msgspec.json.encode(move), None, None)
        events = (await sides[1].queries.events(game_id, None, 0, 1000))["events"]
        assert [e["version"] for e in events] == list(range(1, len(events) + 1))
    finally:
        await first_redis.aclose()
        await second_redis.aclose()
        await other_pool.close()


async def test_events_read_while_the_projection_lags_are_redacted_not_refused(services: Services) -> None:
    """Between a process' append and its projection, another may read the new events: they must be redacted
    with the state they lead to (here: the deal, while the projection still shows the lobby)."""
    created = await services.commands.create("six-nimmt", 2, None, "cd" * 32, None)
    game_id, admin = created["game_id"], created["admin_token"]
    tokens = [(await services.commands.join(game_id, None, f"p{s}", None, None))["player_token"] for s in range(2)]
    lobby = await services.repo.projections.load(game_id)
    assert lobby is not None
    await services.commands.start(game_id, admin)
    # put the lobby projection back, as if the start's projection had not been written yet
    await services.repo.projections.reset()
    await services.repo.projections.save(game_id, lobby[0], lobby[1], {"game_id": game_id, "game": "six-nimmt"})
    page = await services.queries.events(game_id, tokens[0], 0, 100)
    dealt = next(e for e in page["events"] if e["type"] == "CardsDealt")
    assert dealt["data"]["hands"][0] and dealt["data"]["hands"][1] == []
