"""Operator commands: `tapis games inspect <id>` and `tapis doctor` (docs/operations.md).

`games inspect` prints what an operator asks first about one game: its record (game, portal key id, private),
version and status, the Redis projection's version and how far it is behind, the seats (names, bots, which
people hold a token: never a token or its hash), the dealing and rules versions and the chain head.
`--json` prints the same as one JSON object. Exit 1 for an unknown game.

`doctor` checks this host's configuration against its servers and prints one line a check: connectivity to
Postgres and Redis, the schema at this code's head, the clock skew between this host and Postgres, and settings that
are unsafe in production (test mode, an `X-Forwarded-For` trust open to every address, rate limits off, a
multi-process server without `PROMETHEUS_MULTIPROC_DIR`). Exit 1 when any check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import sys
import time
from datetime import datetime
from typing import Any

import msgspec

from infra.settings import Settings

MAX_SKEW_SECONDS = 1.0  # webhook timestamps come from this host's clock, turn deadlines from Postgres'
CONNECT_SECONDS = 5.0


def _write(text: str) -> None:
    sys.stdout.write(text + "\n")


def _json(value: Any) -> str:
    return msgspec.json.format(msgspec.json.encode(value)).decode()


# -- games inspect -----------------------------------------------------------------------------------------------


async def inspect_game(settings: Settings, game_id: str) -> dict[str, Any] | None:
    """What `tapis games inspect` prints, as a dict; None for an unknown game."""
    from bootstrap import connected
    from services.codec import codec
    from services.errors import NotFound
    from services.ports import ProjectionUnavailable

    async with connected(settings, pool_size=2) as services:
        repo = services.repo
        try:
            record = await repo.record(game_id)
        except NotFound:
            return None
        game_codec = codec(record.game)
        table = await repo.replay(game_id, game_codec)
        stored = await repo.store.stored(game_id)  # None: archived (not in the hot tables)
        try:
            snapshot = await repo.snapshot(record)
            projection: int | None = snapshot[0] if snapshot is not None else None
            projection_state = "ok" if snapshot is not None else "missing"
        except ProjectionUnavailable:
            projection, projection_state = None, "unavailable"
        version = stored.version if stored is not None else table.version
        awaiting = game_codec.rules.awaiting(table.inner) if table.status == "active" and table.inner else []
        created: datetime | None = stored.created_at if stored is not None else None
        return {
            "game_id": game_id,
            "game": record.game,
            "archived": stored is None,
            "created_at": created.isoformat() if created is not None else None,
            "api_key_id": record.api_key_id,
            "private": record.join_code_hash is not None,
            "status": table.status,
            "version": version,
            "events_version": table.version,
            "projection": {
                "state": projection_state,
                "version": projection,
                "lag": version - projection if projection is not None else None,
            },
            "players": table.players,
            "seats": [
                None
                if seat is None
                else {
                    "seat": number,
                    "name": seat.name,
                    "bot": seat.bot,
                    "token": seat.bot is None and number in record.seat_token_hashes,
                }
                for number, seat in enumerate(table.seats)
            ],
            "awaiting": awaiting,
            "turn_seconds": table.turn_seconds,
            "dealing": table.dealing,
            "rules": table.rules,
            "seed_source": table.seed_source,
            "seed_commitment": table.seed_commitment,
            "chain_head": table.chain_head,
            "scores": table.scores,
            "winners": table.winners,
        }


def _inspect_text(shown: dict[str, Any]) -> list[str]:
    projection = shown["projection"]
    lag = projection["lag"]
    lines = [
        f"game        {shown['game_id']} ({shown['game']}, {shown['players']} players)"
        + (", archived" if shown["archived"] else "")
        + (", private" if shown["private"] else ""),
        f"created     {shown['created_at'] or '-'}",
        f"portal key  {shown['api_key_id'] or '-'}",
        f"status      {shown['status']}" + (f", awaiting seats {shown['awaiting']}" if shown["awaiting"] else ""),
        f"version     {shown['version']}",
        f"projection  {projection['state']}"
        + (f", version {projection['version']}, {lag} behind" if projection["version"] is not None else ""),
        f"dealing     v{shown['dealing']} (seed from the {shown['seed_source']}), rules v{shown['rules']}",
        f"chain head  {shown['chain_head'] or '-'}",
        "seats",
    ]
    for number, seat in enumerate(shown["seats"]):
        if seat is None:
            lines.append(f"  {number}  (empty)")
        elif seat["bot"] is not None:
            lines.append(f"  {number}  {seat['name']}  bot {seat['bot']}")
        else:
            lines.append(f"  {number}  {seat['name']}  person" + ("" if seat["token"] else " (no token: left)"))
    if shown["status"] == "finished":
        lines.append(f"scores      {shown['scores']}, winners {shown['winners']}")
    return lines


def games_inspect(args: argparse.Namespace) -> int:
    from api.backing import backing_services

    with backing_services(Settings.from_env()) as settings:
        shown = asyncio.run(inspect_game(settings, args.game_id))
    if shown is None:
        sys.stderr.write(f"tapis games inspect: no game {args.game_id}\n")
        return 1
    _write(_json(shown) if args.json else "\n".join(_inspect_text(shown)))
    return 0


# -- doctor ------------------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Finding:
    check: str
    ok: bool
    detail: str


def settings_findings(settings: Settings, environ: dict[str, str] | None = None) -> list[Finding]:
    """The settings that are unsafe in production, and the configuration the other checks need."""
    from api.ratelimit import Rate, parse_trusted

    env = os.environ if environ is None else environ
    found: list[Finding] = []
    for name, url in (("DATABASE_URL", settings.database_url), ("REDIS_URL", settings.redis_url)):
        found.append(
            Finding(name, True, "set")
            if url
            else Finding(name, False, "not set: `tapis serve` would start embedded servers (for development only)")
        )
    found.append(
        Finding(
            "test_mode",
            not settings.test_mode,
            "TAPIS_TEST_MODE is on: creators may choose seeds (those games never audit as fair); never in production"
            if settings.test_mode
            else "off",
        )
    )
    try:
        trusted = parse_trusted(settings.trusted_proxies)
    except ValueError as exc:
        found.append(Finding("trusted_proxies", False, f"TAPIS_TRUSTED_PROXIES does not parse: {exc}"))
    else:
        open_to_all = [str(network) for network in trusted if network.prefixlen == 0]
        found.append(
            Finding(
                "trusted_proxies",
                not open_to_all,
                f"TAPIS_TRUSTED_PROXIES trusts every address ({', '.join(open_to_all)}): any client chooses the"
                " address the rate limits count (name your proxies only)"
                if open_to_all
                else ", ".join(map(str, trusted)) or "none (X-Forwarded-For is ignored)",
            )
        )
    limits = {
        "TAPIS_RATE_FAILED_AUTH": settings.rate_failed_auth,
        "TAPIS_RATE_COMMANDS": settings.rate_commands,
        "TAPIS_RATE_CREATE": settings.rate_create,
        "TAPIS_RATE_CREATE_TOTAL": settings.rate_create_total,
    }
    off, bad = [], []
    for name, raw in limits.items():
        try:
            if Rate.parse(raw).off:
                off.append(name)
        except ValueError:
            bad.append(name)
    if bad:
        found.append(Finding("rate_limits", False, f"do not parse: {', '.join(bad)}"))
    found.append(
        Finding("rate_limits", False, f"off: {', '.join(off)}") if off else Finding("rate_limits", True, "all on")
    )
    workers = int(env.get("TAPIS_WORKERS", "1") or "1")
    directory = env.get("PROMETHEUS_MULTIPROC_DIR") or env.get("prometheus_multiproc_dir")
    if directory:
        found.append(
            Finding("metrics", True, f"multiprocess mode in {directory}")
            if os.path.isdir(directory)
            else Finding("metrics", False, f"PROMETHEUS_MULTIPROC_DIR={directory} is not a directory")
        )
    elif workers > 1:
        found.append(
            Finding(
                "metrics",
                False,
                f"TAPIS_WORKERS={workers} without PROMETHEUS_MULTIPROC_DIR: /metrics shows one process' counts",
            )
        )
    else:
        found.append(Finding("metrics", True, "one process"))
    return found


async def server_findings(settings: Settings, max_skew: float = MAX_SKEW_SECONDS) -> list[Finding]:
    """Postgres (reachable, migrated, clock) and Redis (reachable, not a cluster)."""
    found: list[Finding] = []
    if settings.database_url:
        found.extend(await _postgres_findings(settings.database_url, max_skew))
    if settings.redis_url:
        found.extend(await _redis_findings(settings.redis_url))
    return found


async def _postgres_findings(url: str, max_skew: float) -> list[Finding]:
    import asyncpg

    from infra.migrate import current_revision, head_revision
    from infra.schema_window import window

    try:
        conn = await asyncpg.connect(url, timeout=CONNECT_SECONDS)
    except Exception as exc:  # refused, unknown host, bad password, timeout: each is "not reachable"
        return [Finding("postgres", False, f"cannot connect: {type(exc).__name__}: {exc}")]
    try:
        version = await conn.fetchval("SHOW server_version")
        found = [Finding("postgres", True, f"reachable (PostgreSQL {version})")]
        current, head = await current_revision(conn), head_revision()
        if current == head:
            found.append(Finding("migrations", True, f"at head ({head})"))
        elif window(head).judge(current) == "ok" and int(current or 0) > int(head):
            # a newer release migrated first, as a deploy does: its expand leaves this code ready (docs/migrations.md)
            ahead = f"at {current}, past this code's head ({head}) but in its window: a newer release's expand"
            found.append(Finding("migrations", True, ahead))
        else:
            found.append(
                Finding(
                    "migrations",
                    False,
                    f"the schema is at {current or 'nothing'}, this code needs {head}: "
                    "run `tapis migrate` (or this code is older than the database)",
                )
            )
        skews = []
        for _ in range(3):  # the closest of three round trips: the least of the network in the reading
            before = time.time()
            server = float(await conn.fetchval("SELECT extract(epoch FROM clock_timestamp())"))
            after = time.time()
            skews.append((after - before, server - (before + after) / 2))
        _, skew = min(skews)
        found.append(
            Finding(
                "clock_skew",
                abs(skew) <= max_skew,
                f"this host is {abs(skew):.3f} s {'behind' if skew > 0 else 'ahead of'} Postgres"
                + ("" if abs(skew) <= max_skew else f" (more than {max_skew:g} s: set up NTP on both)"),
            )
        )
        return found
    finally:
        await conn.close()


async def _redis_findings(url: str) -> list[Finding]:
    import redis.asyncio as redis

    from infra.redis_client import connect

    client = connect(url, socket_timeout=CONNECT_SECONDS, socket_connect_timeout=CONNECT_SECONDS)
    try:
        info = await client.info("server")  # on a cluster: one node's answer
        cluster = await client.info("cluster")
    except Exception as exc:  # refused, unknown host, auth: "not reachable"
        return [Finding("redis", False, f"cannot connect: {type(exc).__name__}: {exc}")]
    finally:
        await client.aclose()
    version = info.get("redis_version", "?")
    if isinstance(client, redis.RedisCluster):
        return [Finding("redis", True, f"reachable (Redis Cluster {version}, {len(client.get_primaries())} masters)")]
    found = [Finding("redis", True, f"reachable (Redis {version})")]
    if str(cluster.get("cluster_enabled", 0)) == "1":
        found.append(
            Finding("redis_mode", False, "Redis Cluster behind a redis:// URL: use redis+cluster:// (docs/deploy.md)")
        )
    return found


def doctor(args: argparse.Namespace) -> int:
    settings = Settings.from_env()
    findings = settings_findings(settings) + asyncio.run(server_findings(settings, args.max_skew))
    if args.json:
        _write(_json([dataclasses.asdict(f) for f in findings]))
    else:
        for finding in findings:
            _write(f"{'ok  ' if finding.ok else 'FAIL'}  {finding.check}: {finding.detail}")
    failed = [f for f in findings if not f.ok]
    if failed and not args.json:
        _write(f"{len(failed)} problem{'s' if len(failed) > 1 else ''} found")
    return 1 if failed else 0


# -- the parsers -------------------------------------------------------------------------------------------------


def add_parser(sub: Any) -> None:
    """`tapis games inspect` and `tapis doctor`, on the CLI's subparsers."""
    games = sub.add_parser("games", help="operator commands on games")
    on_games = games.add_subparsers(dest="games_command", required=True)
    inspect = on_games.add_parser("inspect", help="a game's record, version, projection lag, seats and chain head")
    inspect.add_argument("game_id")
    inspect.add_argument("--json", action="store_true", help="one JSON object")
    inspect.set_defaults(run=games_inspect)
    d = sub.add_parser("doctor", help="check servers, migrations, clock skew and unsafe settings (exit 1 on a problem)")
    d.add_argument("--json", action="store_true", help="the findings as a JSON list")
    d.add_argument("--max-skew", type=float, default=MAX_SKEW_SECONDS, metavar="SECONDS", help="clock skew allowed")
    d.set_defaults(run=doctor)
