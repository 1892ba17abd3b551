"""A well-behaved client's command latency while another client attacks (docs/reliability.md, "Limits").

`python -m bench.attacks [--seconds 15]` starts `tapis serve` with the default limits (machine servers from
DATABASE_URL/REDIS_URL, else embedded ones; a fresh database either way), and a player at 127.0.0.1 plays long
four-seat six-nimmt games command after command, each POST timed, through these phases:
- `baseline`: nobody else;
- `half-sent, 1 address`: 200 connections from 127.0.0.2 that each send half a request's headers and wait; each
  one the server closes is opened again at once (a refused one after a second, as its `Retry-After` says);
- `half-sent, 10 addresses`: the same 200 spread over 127.0.1.1-10 (20 each, under the connection cap: only the
  header timeout acts);
- `creation flood, 1 address`: 8 tasks at 127.0.0.3 each creating games as fast as answers come;
- `creation flood, 50 addresses`: one such task at each of 127.0.2.1-50 (50 x 30 a minute is past the overall 600).
It prints, per phase, the player's command latency (median, 95th percentile, max), how late its events reach a live
stream (a spectator's SSE on the player's game: from the POST to the event's arrival; the player moves 20 times a
second at most, so that its own events do not queue behind each other) and a webhook (the player's
games belong to a portal key whose endpoint, a receiver in this process, records each delivery's arrival), and what
the attacker was answered.
The attack primitives serve tests/adversarial/ too (`half_sent_slot`, `creation_flood`, `Player`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
HALF_REQUEST = b"GET /v1/health HTTP/1.1\r\nHost: tapis\r\nX-Slow: "  # never finished
OPTIONS: dict[str, Any] = {"end": {"kind": "rounds", "rounds": 20}}  # about 800 commands a game


async def half_sent_slot(
    host: str, port: int, address: str, deadline: float, tally: Counter[str], held: list[float]
) -> None:
    """One attacker's connection, again and again until `deadline`: connect from `address`, send half a request's
    headers, wait for the server to answer or close. `tally` counts the answers (`408`, `429`, `closed`...),
    `held` how long each connection stayed open."""
    loop = asyncio.get_running_loop()
    while (left := deadline - loop.time()) > 0:
        try:
            reader, writer = await asyncio.open_connection(host, port, local_addr=(address, 0))
        except OSError:
            tally["connect failed"] += 1
            await asyncio.sleep(0.1)
            continue
        opened = loop.time()
        try:
            writer.write(HALF_REQUEST)
            answer = await asyncio.wait_for(reader.read(), timeout=left)
        except TimeoutError:
            answer = b"still open at the end"
        except OSError:
            answer = b"reset"
        finally:
            writer.close()
        held.append(loop.time() - opened)
        status = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/1.1 ") else answer.decode() or "closed"
        tally[status] += 1
        if status == "429":
            await asyncio.sleep(1.0)


async def creation_flood(base: str, address: str, deadline: float, tally: Counter[int]) -> None:
    """Creates games from `address` as fast as the answers come, until `deadline`; `tally` counts the statuses."""
    loop = asyncio.get_running_loop()
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as http:
        while loop.time() < deadline:
            try:
                response = await http.post("/v1/games", json={"game": "six-nimmt", "players": 4})
                tally[response.status_code] += 1
            except httpx.TransportError:
                tally[0] += 1


class Player:
    """The well-behaved client: plays four-seat six-nimmt games, the first legal move each time, timing each POST."""

    def __init__(self, base: str, address: str = "127.0.0.1") -> None:
        transport = httpx.AsyncHTTPTransport(local_address=address)
        self.http = httpx.AsyncClient(base_url=base, transport=transport, timeout=60)
        self.game_id = ""
        self.tokens: list[str] = []
        self.timings: list[float] = []

    async def aclose(self) -> None:
        await self.http.aclose()

    async def _expect(self, response: httpx.Response, status: int) -> Any:
        assert response.status_code == status, (response.request.url, response.status_code, response.text)
        return response.json()

    async def new_game(self) -> None:
        body = {"game": "six-nimmt", "players": 4, "options": OPTIONS}
        for _ in range(120):
            response = await self.http.post("/v1/games", json=body)
            if response.status_code != 429:
                break
            await asyncio.sleep(int(response.headers["retry-after"]))  # a flood spent the overall limit: wait
        created = await self._expect(response, 201)
        self.game_id = created["game_id"]
        self.tokens = []
        for seat in range(4):
            joined = await self._expect(
                await self.http.post(f"/v1/games/{self.game_id}/seats", json={"name": f"p{seat}"}), 201
            )
            self.tokens.append(joined["player_token"])
        await self._expect(
            await self.http.post(
                f"/v1/games/{self.game_id}/start", headers={"Authorization": f"Bearer {created['admin_token']}"}
            ),
            200,
        )

    async def command(self) -> float:
        """One move, the POST timed: its latency in seconds."""
        if not self.game_id:
            await self.new_game()
        view = await self._expect(await self.http.get(f"/v1/games/{self.game_id}"), 200)
        if view["status"] != "active":
            await self.new_game()
            view = await self._expect(await self.http.get(f"/v1/games/{self.game_id}"), 200)
        token = self.tokens[view["awaiting"][0]]
        auth = {"Authorization": f"Bearer {token}"}
        moves = (await self._expect(await self.http.get(f"/v1/games/{self.game_id}/legal-moves", headers=auth), 200))[
            "moves"
        ]
        began = time.perf_counter()
        response = await self.http.post(f"/v1/games/{self.game_id}/commands", json=moves[0], headers=auth)
        elapsed = time.perf_counter() - began
        await self._expect(response, 200)
        self.timings.append(elapsed)
        return elapsed

    async def play_until(self, deadline: float) -> list[float]:
        loop = asyncio.get_running_loop()
        first = len(self.timings)
        while loop.time() < deadline:
            await self.command()
        return self.timings[first:]


PACE = 0.05


class ProbedPlayer(Player):
    """The player, with each command's last event timed to a live stream of its game and to the portal's webhook."""

    def __init__(self, base: str, api_key: str) -> None:
        super().__init__(base)
        self.http.headers["X-API-Key"] = api_key
        self.sent: dict[tuple[str, int], float] = {}  # (game, version) -> when its command's POST began
        self.streamed: dict[tuple[str, int], float] = {}
        self.hooked: dict[tuple[str, int], float] = {}
        self._reader: asyncio.Task[None] | None = None

    async def new_game(self) -> None:
        await super().new_game()
        if self._reader is not None:
            self._reader.cancel()
        self._reader = asyncio.create_task(self._read_stream(self.game_id))
        await asyncio.sleep(0.2)  # the stream is open before the first timed command

    async def _read_stream(self, game_id: str) -> None:
        async with self.http.stream("GET", f"/v1/games/{game_id}/stream", timeout=None) as response:
            async for line in response.aiter_lines():
                if line.startswith("id:"):
                    self.streamed.setdefault((game_id, int(line[3:].strip())), time.perf_counter())

    async def command(self) -> float:
        began = time.perf_counter()
        elapsed = await super().command()
        view = await self._expect(await self.http.get(f"/v1/games/{self.game_id}"), 200)
        self.sent[(self.game_id, view["version"])] = began
        # at a person's pace (20 moves a second): the player's own events never queue up behind each other
        await asyncio.sleep(PACE)
        return elapsed

    def lateness(self, arrivals: dict[tuple[str, int], float], since: int) -> list[float]:
        sent = list(self.sent.items())[since:]
        return [arrivals[k] - t for k, t in sent if k in arrivals]

    async def aclose(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        await super().aclose()


async def webhook_receiver(arrivals: dict[tuple[str, int], float]) -> tuple[asyncio.Server, str]:
    """A portal's endpoint: records when each delivery arrives (by game and version) and answers 204."""

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next(
                    int(line.split(b":", 1)[1])
                    for line in head.split(b"\r\n")
                    if line.lower().startswith(b"content-length")
                )
                body = json.loads(await reader.readexactly(length))
                arrivals.setdefault((body["game_id"], body["version"]), time.perf_counter())
                writer.write(b"HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n")
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    return server, f"http://127.0.0.1:{port}/hook"


def lateness(values: list[float]) -> str:
    if not values:
        return "none arrived"
    ordered = sorted(values)
    return f"median {statistics.median(ordered) * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms ({len(ordered)})"


def summary(timings: list[float]) -> str:
    ordered = sorted(timings)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (
        f"{len(ordered)} commands, median {statistics.median(ordered) * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms"
    )


def start(database_url: str, redis_url: str) -> tuple[subprocess.Popen[bytes], str]:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "TAPIS_RATE_KEY_PREFIX": f"tapis:limits:bench-{secrets.token_hex(4)}",  # this run's limits only
    }
    command = [sys.executable, "-m", "api.cli", "serve", "--port", str(port), "--log-level", "warning"]
    process = subprocess.Popen(command, cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("tapis serve exited at start")
        try:
            if httpx.get(f"{base}/v1/health", timeout=1).status_code == 200:
                return process, base
        except httpx.TransportError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("tapis serve did not answer within 30 s")


async def phases(base: str, seconds: float, api_key: str) -> list[str]:
    host, port = base.removeprefix("http://").split(":")
    loop = asyncio.get_running_loop()
    player = ProbedPlayer(base, api_key)
    receiver, hook = await webhook_receiver(player.hooked)
    registered = await player.http.post("/v1/webhooks", json={"url": hook, "topics": ["*"]})
    assert registered.status_code == 201, registered.text
    lines = []

    def probes(since: int) -> str:
        return (
            f"; live event {lateness(player.lateness(player.streamed, since))}"
            f"; webhook {lateness(player.lateness(player.hooked, since))}"
        )

    try:
        await player.command()  # the first game created, joined, started
        since = len(player.sent)
        lines.append(f"- baseline: {summary(await player.play_until(loop.time() + seconds))}{probes(since)}")
        for name, addresses in (
            ("half-sent, 1 address", ["127.0.0.2"] * 200),
            ("half-sent, 10 addresses", [f"127.0.1.{i % 10 + 1}" for i in range(200)]),
        ):
            tally: Counter[str] = Counter()
            held: list[float] = []
            deadline = loop.time() + seconds
            attack = [
                asyncio.create_task(half_sent_slot(host, int(port), address, deadline, tally, held))
                for address in addresses
            ]
            await asyncio.sleep(0.5)  # the attacker's connections are up before we measure
            since = len(player.sent)
            timings = await player.play_until(deadline)
            await asyncio.gather(*attack)
            await asyncio.sleep(1)  # the last deliveries land
            longest = max(held) if held else 0.0
            lines.append(
                f"- {name}: {summary(timings)}{probes(since)}; attacker answered {dict(tally)}, "
                f"connections held {longest:.1f} s at most"
            )
        for name, addresses in (
            ("creation flood, 1 address", ["127.0.0.3"] * 8),
            ("creation flood, 50 addresses", [f"127.0.2.{i + 1}" for i in range(50)]),
        ):
            statuses: Counter[int] = Counter()
            deadline = loop.time() + seconds
            flood = [asyncio.create_task(creation_flood(base, address, deadline, statuses)) for address in addresses]
            since = len(player.sent)
            timings = await player.play_until(deadline)
            await asyncio.gather(*flood)
            await asyncio.sleep(1)
            lines.append(
                f"- {name}: {summary(timings)}{probes(since)}; attacker answered {dict(sorted(statuses.items()))}"
            )
    finally:
        await player.aclose()
        receiver.close()
    return lines


def portal_key(database_url: str, redis_url: str) -> str:
    env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": redis_url}
    done = subprocess.run(
        [sys.executable, "-m", "api.cli", "keys", "create", "--name", "bench attacks"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    key: str = json.loads(done.stdout)["api_key"]
    return key


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each phase (past the header timeout)")
    args = parser.parse_args()
    from bench.servers import bench_servers

    with bench_servers() as (urls, origin):
        key = portal_key(urls.database_url, urls.redis_url)
        process, base = start(urls.database_url, urls.redis_url)
        try:
            print(f"tapis serve, default limits, Postgres and Redis: {origin}; {args.seconds:g} s a phase")
            for line in asyncio.run(phases(base, args.seconds, key)):
                print(line, flush=True)
        finally:
            process.terminate()
            process.wait(timeout=10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
