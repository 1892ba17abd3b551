"""A load of HTTP players that keep going through faults, and checks of the store once the dust settles.

Each player drives one game: it reads the view and the legal moves, then sends one move with an `Idempotency-Key`
and, whatever goes wrong (503, a dropped connection, a dead server), sends the same move with the same key again
until it gets an answer. Every 2xx is an acknowledged command, kept with its key and its body.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import httpx
import msgspec

from domain.kernel.shuffle import Draws
from tests.e2e.client import bearer

PAUSE = 0.05  # between retries: the tests are short, so much shorter than the Retry-After the server sends


@dataclass
class Target:
    """Where the server is now (a restarted server listens on another port)."""

    base: str


@dataclass(frozen=True)
class Ack:
    game_id: str
    seat: int
    key: str
    move: dict[str, Any]
    body: dict[str, Any]


@dataclass
class Outcome:
    acks: list[Ack] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    transport_errors: int = 0
    server_errors: list[str] = field(default_factory=list)  # any 5xx but a 503 with Retry-After
    refused: list[str] = field(default_factory=list)  # a 4xx to a move the server itself offered
    finished: set[str] = field(default_factory=set)
    last_ok: float = 0.0


class Player:
    def __init__(self, http: httpx.AsyncClient, target: Target, outcome: Outcome, game_id: str, tokens: list[str]):
        self.http = http
        self.target = target
        self.outcome = outcome
        self.game_id = game_id
        self.tokens = tokens
        self.draws = Draws(b"faults", game_id)
        self.sent = 0

    async def request(self, method: str, path: str, **kwargs: Any) -> httpx.Response | None:
        try:
            response = await self.http.request(method, self.target.base + path, timeout=10, **kwargs)
        except httpx.TransportError:
            self.outcome.transport_errors += 1
            return None
        self.outcome.statuses[response.status_code] += 1
        if response.status_code >= 500 and not (response.status_code == 503 and "retry-after" in response.headers):
            self.outcome.server_errors.append(f"{method} {path}: {response.status_code} {response.text[:300]}")
        if response.status_code < 300:
            self.outcome.last_ok = time.monotonic()
        return response

    async def play(self, stop: asyncio.Event, moves_limit: int = 10_000) -> None:
        path = f"/v1/games/{self.game_id}"
        while not stop.is_set() and self.sent < moves_limit:
            view = await self.request("GET", path)
            if view is None or view.status_code != 200:
                await asyncio.sleep(PAUSE)
                continue
            shown = view.json()
            if shown["status"] != "active":
                self.outcome.finished.add(self.game_id)
                return
            seat = shown["awaiting"][0]
            legal = await self.request("GET", f"{path}/legal-moves", headers=bearer(self.tokens[seat]))
            if legal is None or legal.status_code != 200:
                await asyncio.sleep(PAUSE)
                continue
            moves = legal.json()["moves"]
            await self.send(stop, seat, moves[self.draws.draw(len(moves))])

    async def send(self, stop: asyncio.Event, seat: int, move: dict[str, Any]) -> None:
        key = f"{self.game_id}:{self.sent}"
        self.sent += 1
        headers = {**bearer(self.tokens[seat]), "Idempotency-Key": key}
        # Once a move went out, it is sent again until answered, even after `stop`: an unknown outcome is resolved.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            response = await self.request("POST", f"/v1/games/{self.game_id}/commands", json=move, headers=headers)
            if response is None or response.status_code == 503:
                await asyncio.sleep(PAUSE)
                continue
            if response.status_code == 200:
                self.outcome.acks.append(Ack(self.game_id, seat, key, move, response.json()))
            else:
                self.outcome.refused.append(f"{key} {move}: {response.status_code} {response.text[:300]}")
            return
        raise AssertionError(f"{key} got no answer in 60 s")


async def new_game(
    http: httpx.AsyncClient, base: str, game: str, players: int, options: Any = None
) -> tuple[str, list[str]]:
    body: dict[str, Any] = {"game": game, "players": players}
    if options is not None:
        body["options"] = options
    created = await http.post(f"{base}/v1/games", json=body)
    assert created.status_code == 201, created.text
    game_id = created.json()["game_id"]
    tokens = []
    for seat in range(players):
        joined = await http.post(f"{base}/v1/games/{game_id}/seats", json={"name": f"p{seat}"})
        assert joined.status_code == 201, joined.text
        tokens.append(joined.json()["player_token"])
    started = await http.post(f"{base}/v1/games/{game_id}/start", headers=bearer(created.json()["admin_token"]))
    assert started.status_code == 200, started.text
    return game_id, tokens


GAMES: list[tuple[str, int, Any]] = [
    ("six-nimmt", 4, None),
    ("daron", 3, None),
    ("barbu", 4, None),
    ("le-baron", 3, None),
    ("bohnanza", 3, None),
]


async def check_store(database_url: str, outcome: Outcome, game_ids: list[str]) -> dict[str, int]:
    """Every acknowledged command is in the store exactly once, and nothing is half-applied.

    - each stream's versions are 1..n with no gap, and `games.version` is n (no half-written append);
    - each acknowledged command's events are at the versions, with the types, it was answered with;
    - its idempotency row holds the answer it got (a retry returned the first answer, not a second command);
    - the player commands in a stream (its appends by a seat, one transaction each) are exactly its idempotency
      rows, one per acknowledged key: nothing applied that nobody was told about, nothing applied twice.
    """
    acks_by_game: dict[str, list[Ack]] = {}
    for ack in outcome.acks:
        acks_by_game.setdefault(ack.game_id, []).append(ack)
    conn = await asyncpg.connect(database_url)
    events = 0
    try:
        for game_id in game_ids:
            versions = await conn.fetch(
                "SELECT version, type FROM events WHERE stream_id = $1 ORDER BY version", game_id
            )
            head = await conn.fetchval("SELECT version FROM games WHERE game_id = $1", game_id)
            assert [r["version"] for r in versions] == list(range(1, len(versions) + 1)), game_id
            assert head == len(versions), (game_id, head, len(versions))
            events += len(versions)
            types = {r["version"]: r["type"] for r in versions}
            acks = acks_by_game.get(game_id, [])
            assert len({a.key for a in acks}) == len(acks), "a key acknowledged twice"
            for ack in acks:
                for event in ack.body["events"]:
                    assert types.get(event["version"]) == event["type"], (ack.key, event)
                stored = await conn.fetchval(
                    "SELECT response FROM idempotency WHERE stream_id = $1 AND scope = $2 AND key = $3",
                    game_id,
                    f"seat:{ack.seat}",
                    ack.key,
                )
                assert stored is not None, f"acknowledged {ack.key} has no idempotency row"
                assert msgspec.json.decode(stored) == ack.body, ack.key
            player_appends = await conn.fetchval(
                "SELECT count(DISTINCT tx_id) FROM events WHERE stream_id = $1 AND metadata->>'scope' LIKE 'seat:%'",
                game_id,
            )
            rows = await conn.fetchval("SELECT count(*) FROM idempotency WHERE stream_id = $1", game_id)
            assert player_appends == rows == len(acks), (game_id, player_appends, rows, len(acks))
    finally:
        await conn.close()
    return {"games": len(game_ids), "events": events, "acknowledged": len(outcome.acks)}
