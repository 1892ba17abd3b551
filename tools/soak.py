"""`make soak`: N concurrent games over HTTP across every game, on loopback, bounded in time.

Starts its own `tapis serve` (embedded servers unless DATABASE_URL/REDIS_URL are set, command limit off), plays
`--games` games at once (random legal moves, each command with an Idempotency-Key), audits every finished game, and
stops the server by its pid. Fails (exit 1) on any 5xx, any game unfinished, any audit not ok.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections import Counter

import httpx

from tests.e2e.conftest import start_server, stop_server
from tests.faults.load import GAMES, Outcome, Player, Target, new_game


async def soak(base: str, games: int, minutes: float) -> int:
    outcome = Outcome()
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(limits=limits, timeout=60) as http:
        started = time.monotonic()
        chosen = [GAMES[n % len(GAMES)] for n in range(games)]
        created = await asyncio.gather(*(new_game(http, base, g, p, o) for g, p, o in chosen))
        target, stop = Target(base), asyncio.Event()
        play = asyncio.gather(*(Player(http, target, outcome, g, t).play(stop) for g, t in created))
        try:
            await asyncio.wait_for(play, timeout=minutes * 60)
        except TimeoutError:
            stop.set()
        elapsed = time.monotonic() - started
        audits: Counter[str] = Counter()
        for game_id, _ in created:
            report = await http.get(f"{base}/v1/games/{game_id}/audit")
            audits["ok" if report.status_code == 200 and report.json()["ok"] else f"failed {report.status_code}"] += 1
    fives = sum(n for status, n in outcome.statuses.items() if status >= 500)
    requests = sum(outcome.statuses.values())
    print(f"{games} games ({', '.join(g for g, _, _ in GAMES)}), {elapsed:.0f} s")
    print(f"finished {len(outcome.finished)}/{games}; audits {dict(audits)}")
    print(f"requests {requests} ({requests / elapsed:.0f}/s), commands acknowledged {len(outcome.acks)}")
    print(f"statuses {dict(sorted(outcome.statuses.items()))}; 5xx {fives}; refused {len(outcome.refused)}")
    ok = fives == 0 and len(outcome.finished) == games and audits == Counter({"ok": games}) and not outcome.refused
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=15)
    args = parser.parse_args()
    from infra.embedded import ServiceUrls
    from infra.settings import Settings

    settings = Settings.from_env()
    if settings.database_url and settings.redis_url:
        urls = ServiceUrls(settings.database_url, settings.redis_url)
        process, base = start_server(urls, {"TAPIS_RATE_COMMANDS": "0"})
    else:
        import shutil
        import tempfile
        from pathlib import Path

        from infra.embedded import EmbeddedServers
        from infra.migrate import upgrade

        root = Path(tempfile.mkdtemp(prefix="tapis-soak-"))
        servers = EmbeddedServers(root, ephemeral=True)
        urls = servers.start()
        upgrade(urls.database_url)
        process, base = start_server(urls, {"TAPIS_RATE_COMMANDS": "0"})
    try:
        return asyncio.run(soak(base, args.games, args.minutes))
    finally:
        stop_server(process)
        if not (settings.database_url and settings.redis_url):
            servers.stop()
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
