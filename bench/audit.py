"""Audit: the cost of proving a finished game, per event, against replaying it (the floor: one fold of the stream).

`python -m bench.audit [GAMES]` (default 3 per game) plays four-bot games of each of the five games in memory
(`bootstrap.in_memory`), then times, on the same stored events in the same run: the replay (`GameCodec.fold`), the
whole verification (`services/verify.py`: commitment, deal key, chain, shuffles, re-execution of every recorded
command, scores) and the standalone verifier (`verifier/tapis_verify.py`, standard library only, on the export).
It prints microseconds per event and each as a ratio to the replay.
"""

from __future__ import annotations

import asyncio
import importlib.util
import io
import sys
import time
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import bootstrap
from bench.machine import describe
from services.codec import codec
from services.verify import verify

GAMES = ("six-nimmt", "le-baron", "barbu", "daron", "bohnanza")
VERIFIER = Path(__file__).resolve().parent.parent / "verifier" / "tapis_verify.py"


async def finished_game(services: bootstrap.Services, game: str) -> str:
    created = await services.commands.create(game, 4, None, None, None)
    for _ in range(4):
        await services.commands.join(created.game_id, created.admin_token, None, None, "smart")
    await services.commands.start(created.game_id, created.admin_token)
    return created.game_id


def best_of(runs: int, work: Any) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def standalone() -> Any:
    spec = importlib.util.spec_from_file_location("tapis_verify", VERIFIER)
    if spec is None or spec.loader is None or not VERIFIER.exists():
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tapis_verify"] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


async def main(games: int) -> None:
    for line in describe():
        print(line)
    services = bootstrap.in_memory()
    outside = standalone()
    header = f"{'game':<10} {'events':>7} {'replay µs/ev':>13} {'verify µs/ev':>13} {'ratio':>6}"
    print(header + f" {'standalone':>11} {'ratio':>6}")
    for game in GAMES:
        ids = [await finished_game(services, game) for _ in range(games)]
        recorded = [await services.repo.events(i) for i in ids]
        blobs = [await services.exports.export(i, None) for i in ids]
        print(measure(game, recorded, blobs, outside))


def measure(game: str, recorded: list[Any], blobs: list[bytes], outside: Any) -> str:
    events = sum(len(r) for r in recorded)
    game_codec = codec(game)
    replay = best_of(3, lambda: [game_codec.fold(r) for r in recorded])
    full = best_of(3, lambda: [verify(game_codec, r) for r in recorded])
    line = f"{game:<10} {events:>7} {replay / events * 1e6:>13.1f} {full / events * 1e6:>13.1f} {full / replay:>6.1f}"
    if outside is None:
        return line

    def run_standalone() -> None:
        with redirect_stdout(io.StringIO()):
            for blob in blobs:
                outside.verify(blob)

    alone = best_of(3, run_standalone)
    return line + f" {alone / events * 1e6:>11.1f} {alone / replay:>6.1f}"


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
