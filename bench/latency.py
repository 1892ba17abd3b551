"""2. Command latency against game length, over the service layer with real Postgres and Redis.

Long six-nimmt games (20 rounds, four humans driven by a client-side mirror) are played command by command
through `GameCommands.command`. If a command replayed its whole stream, the 500th would cost far more than
the 5th; with the folded state in Redis it should cost about the same. Beside it: what one replay of the
stream from Postgres costs at that length, i.e. what each command would pay without the projection.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

import asyncpg

from bench.mirror import Mirror
from bootstrap import build_services, redis_client
from infra.embedded import ServiceUrls
from infra.settings import Settings
from services.codec import codec

GAMES = 3
LATE = 500
EARLY = 5
WINDOW = 20  # commands measured from each point, to smooth a shared machine's noise
OPTIONS: dict[str, Any] = {"end": {"kind": "rounds", "rounds": 20}}


class Player:
    """One game driven command by command, timing each `GameCommands.command` call."""

    def __init__(self, services: Any, game_id: str, tokens: list[str], mirror: Mirror) -> None:
        self.services, self.game_id, self.tokens, self.mirror = services, game_id, tokens, mirror
        self.timings: list[float] = []

    @classmethod
    async def new(cls, services: Any, seed: bytes) -> Player:
        created = await services.commands.create("six-nimmt", 4, OPTIONS, seed.hex(), None)
        game_id, admin = created.game_id, created.admin_token
        tokens = [(await services.commands.join(game_id, None, f"p{s}", None, None)).player_token for s in range(4)]
        await services.commands.start(game_id, admin)
        return cls(services, game_id, tokens, Mirror("six-nimmt", 4, OPTIONS, seed, game_id=game_id))

    async def step(self) -> None:
        assert self.mirror.active, "the game ended too soon"
        seat, move, body = self.mirror.next_move()
        began = time.perf_counter()
        await self.services.commands.command(self.game_id, self.tokens[seat], body, None, None)
        self.timings.append(time.perf_counter() - began)
        self.mirror.play(seat, move)

    async def play_to(self, commands: int) -> None:
        while len(self.timings) < commands:
            await self.step()


async def measure(urls: ServiceUrls) -> dict[str, Any]:
    settings = Settings(database_url=urls.database_url, redis_url=urls.redis_url, test_mode=True)  # client seeds
    pool = await asyncpg.create_pool(urls.database_url, min_size=1, max_size=4)
    client = redis_client(urls.redis_url)
    try:
        services = build_services(pool, client, settings)
        long = [await Player.new(services, bytes([i + 1]) * 32) for i in range(GAMES)]
        for player in long:
            await player.play_to(LATE - 1)
        # fresh games reach their 5th command now, so both points see the same database and the same machine load
        fresh = [await Player.new(services, bytes([i + 101]) * 32) for i in range(GAMES)]
        for player in fresh:
            await player.play_to(EARLY - 1)
        for _ in range(WINDOW):
            for old, new in zip(long, fresh, strict=True):
                await old.step()
                await new.step()
        began = time.perf_counter()
        await services.repo.replay(long[0].game_id, codec("six-nimmt"))
        replay = time.perf_counter() - began
        stream = await services.queries.version(long[0].game_id)
    finally:
        await client.aclose()
        await pool.close()
    early = [t for p in fresh for t in p.timings[EARLY - 1 :]]
    late = [t for p in long for t in p.timings[LATE - 1 :]]
    return {
        "games": GAMES,
        "early_ms": statistics.median(p.timings[EARLY - 1] for p in fresh) * 1e3,
        "late_ms": statistics.median(p.timings[LATE - 1] for p in long) * 1e3,
        "window_early_ms": statistics.median(early) * 1e3,
        "window_late_ms": statistics.median(late) * 1e3,
        "ratio": statistics.median(late) / statistics.median(early),
        "replay_ms": replay * 1e3,
        "stream_events": stream,
    }


def run(urls: ServiceUrls) -> dict[str, Any]:
    return asyncio.run(measure(urls))


def report(r: dict[str, Any]) -> list[str]:
    return [
        f"{EARLY}th command: {r['early_ms']:.2f} ms; {LATE}th: {r['late_ms']:.2f} ms (medians of {r['games']} games)",
        f"commands {EARLY}-{EARLY + WINDOW - 1}: {r['window_early_ms']:.2f} ms; commands {LATE}-{LATE + WINDOW - 1}: "
        f"{r['window_late_ms']:.2f} ms (medians, played alternately)",
        f"ratio {LATE}th/{EARLY}th: {r['ratio']:.2f} (goal < 1.5)",
        f"for scale: one replay from Postgres of a {r['stream_events']}-event stream takes {r['replay_ms']:.1f} ms, "
        "what each command would add without the Redis projection",
    ]
