"""`tapis`: serve, migrate, rebuild, replay, audit, export, import, archive, verify, openapi, simulate."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import math
import os
import sys

import msgspec

from api import backup_command, operator_cli, simulate_command, verify_command
from api.backing import backing_services
from bootstrap import BATCH_REDIS_TIMEOUT, connected
from infra.settings import Settings


def serve(args: argparse.Namespace) -> int:
    import uvicorn
    from uvicorn.config import STARTUP_FAILURE

    from api.app import serve_app
    from api.logs import configure_logging
    from api.server import HTTP_PROTOCOL
    from api.shutdown import DrainingServer
    from api.workers import run_workers

    with backing_services(Settings.from_env()) as settings:
        common = {
            "host": args.host,
            "port": args.port,
            "log_level": args.log_level,
            "access_log": False,
            # uvicorn's own refusals (a request it cannot parse) in the API's JSON error envelope (api/server.py)
            "http": HTTP_PROTOCOL,
            # requests still running this long after the process stopped accepting are cancelled (api/shutdown.py)
            "timeout_graceful_shutdown": math.ceil(settings.shutdown_timeout),
            "timeout_worker_healthcheck": math.ceil(settings.worker_healthcheck_timeout),
        }
        if args.workers == 1:
            config = uvicorn.Config(serve_app(settings), **common)
            # after uvicorn's Config, which installs its own handlers: its lines before the app starts in JSON too
            configure_logging(settings.log_level, settings.log_format, request_sample=settings.request_log_sample)
            server = DrainingServer(config, settings.shutdown_delay)
            with contextlib.suppress(KeyboardInterrupt):  # as uvicorn.run
                server.run()
            return 0 if server.started else STARTUP_FAILURE
        # worker processes build the app themselves, from the environment: hand them the servers chosen here
        assert settings.database_url and settings.redis_url
        os.environ["DATABASE_URL"], os.environ["REDIS_URL"] = settings.database_url, settings.redis_url
        config = uvicorn.Config("api.app:app_from_env", factory=True, workers=args.workers, **common)
        # the supervisor's lines (workers started, died, restarted) in the same JSON as the workers'
        configure_logging(settings.log_level, settings.log_format, request_sample=settings.request_log_sample)
        # each worker on a socket of its own, so that connections spread over them (api/workers.py)
        run_workers(config, settings.worker_start_timeout, settings.shutdown_delay)
    return 0


def migrate(_: argparse.Namespace) -> int:
    from infra.migrate import upgrade

    settings = Settings.from_env()
    if settings.database_url:
        upgrade(settings.database_url)
        print("migrated")
        return 0
    with backing_services(settings):
        print("migrated (embedded)")
    return 0


async def _rebuild(settings: Settings, from_scratch: bool) -> int:
    from api.rebuild_progress import ProgressLine

    line = ProgressLine(sys.stderr)
    # a long Redis timeout: the rebuild's pipelines are large, and it has no Postgres to fall back on
    async with connected(settings, pool_size=4, redis_timeout=BATCH_REDIS_TIMEOUT) as services:
        place = None if from_scratch else await services.repo.projections.rebuild_place()
        if place is not None:
            said = f"continuing the rebuild stopped after {place.done:,} events (--from-scratch starts over)"
            print(said, file=sys.stderr)
        count = await services.projector.rebuild(from_scratch=from_scratch, report=line.report)
    line.finish()
    print(f"rebuilt projections from {count} events")
    return 0


async def _replay(settings: Settings, game_id: str) -> int:
    from services.codec import codec

    async with connected(settings, pool_size=2) as services:
        repo = services.repo
        record = await repo.record(game_id)
        game_codec = codec(record.game)
        for recorded in await repo.events(game_id):
            event = game_codec.data(game_codec.event(recorded))
            print(json.dumps({"version": recorded.version, "type": recorded.type, "data": event}))
        table = await repo.replay(game_id, game_codec)
        print(json.dumps({"status": table.status, "version": table.version, "scores": table.scores}))
    return 0


async def _audit(settings: Settings, game_id: str) -> int:
    async with connected(settings, pool_size=2) as services:
        report = await services.auditor.audit(game_id)
    print(msgspec.json.format(msgspec.json.encode(report)).decode())
    return 0 if report.ok else 1


async def _export(settings: Settings, game_id: str) -> int:
    from services.errors import NotFound

    async with connected(settings, pool_size=2) as services:
        try:
            document = await services.exports.export(game_id, None)
        except NotFound as exc:
            print(f"tapis export: {exc}", file=sys.stderr)
            return 1
    sys.stdout.buffer.write(document)
    sys.stdout.flush()
    return 0


async def _archive(settings: Settings, older_than: float) -> int:
    moved = 0
    async with connected(settings, pool_size=2) as services:
        # in batches, each game in its own transaction: an interruption leaves every game whole, here or there
        while batch := await services.archiver.archive_older_than(older_than):
            moved += len(batch)
    print(f"archived {moved} finished games")
    return 0


def read_export(path: str) -> bytes | None:
    """The file's bytes when they are a finished game's export, checked before any server is touched; else None
    (the problem said on stderr)."""
    from services.export_check import CorruptExport, restorable

    try:
        with open(path, "rb") as file:
            blob = file.read()
        restorable(blob)
    except CorruptExport as exc:
        print(f"tapis import: {path}: malformed {exc.code}: {exc}", file=sys.stderr)
        return None
    except OSError as exc:
        print(f"tapis import: {path}: {exc}", file=sys.stderr)
        return None
    return blob


async def _import(settings: Settings, path: str, blob: bytes) -> int:
    """Exit 1 for a game that does not verify (naming the check) or whose id exists, 2 for an id not in the
    server's format: nothing written then."""
    from services.errors import Conflict
    from services.export import FailedVerification
    from services.export_check import CorruptExport

    async with connected(settings, pool_size=2) as services:
        try:
            game_id = await services.exports.import_(blob)
        except FailedVerification as exc:
            print(f"tapis import: {path}: FAILED {exc.code}: refused, nothing imported ({exc})", file=sys.stderr)
            return 1
        except CorruptExport as exc:
            print(f"tapis import: {path}: malformed {exc.code}: {exc}", file=sys.stderr)
            return 2
        except Conflict as exc:
            print(f"tapis import: {path}: {exc}", file=sys.stderr)
            return 1
    print(f"imported {game_id}")
    return 0


def openapi(_: argparse.Namespace) -> int:
    from api.app import create_app
    from api.openapi import spec_yaml

    offline = Settings(database_url="postgresql://unused", redis_url="redis://unused")
    sys.stdout.write(spec_yaml(create_app(offline, run_projector=False).openapi_schema.to_schema()))
    return 0


def with_store(run: str) -> object:
    def command(args: argparse.Namespace) -> int:
        blob = read_export(args.file) if run == "import" else b""
        if blob is None:
            return 2  # a corrupt file: no server is even started
        with backing_services(Settings.from_env()) as settings:
            if run == "rebuild":
                try:
                    return asyncio.run(_rebuild(settings, args.from_scratch))
                except KeyboardInterrupt:
                    print("\ninterrupted: `tapis rebuild` continues where this one stopped", file=sys.stderr)
                    return 130
            if run == "replay":
                return asyncio.run(_replay(settings, args.game_id))
            if run == "archive":
                return asyncio.run(_archive(settings, args.older_than))
            if run == "export":
                return asyncio.run(_export(settings, args.game_id))
            if run == "import":
                return asyncio.run(_import(settings, args.file, blob))
            return asyncio.run(_audit(settings, args.game_id))

    return command


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tapis", description="Tapis card-game backend")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="serve the REST API (embedded Postgres and Redis unless configured)")
    s.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    s.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    s.add_argument("--log-level", default="info")
    s.add_argument(
        "--workers",
        type=int,
        default=int(os.environ.get("TAPIS_WORKERS", "1")),
        help="API processes sharing the port (stateless: any number may serve the same games)",
    )
    s.set_defaults(run=serve)
    sub.add_parser("migrate", help="apply database migrations").set_defaults(run=migrate)
    rb = sub.add_parser(
        "rebuild", help="rebuild Redis projections from the event store (continues an interrupted rebuild)"
    )
    rb.add_argument("--from-scratch", action="store_true", help="start again even when a rebuild was interrupted")
    rb.set_defaults(run=with_store("rebuild"))
    r = sub.add_parser("replay", help="print a game's events and its replayed state")
    r.add_argument("game_id")
    r.set_defaults(run=with_store("replay"))
    a = sub.add_parser("audit", help="audit a finished game (exit 1 when a check fails)")
    a.add_argument("game_id")
    a.set_defaults(run=with_store("audit"))
    e = sub.add_parser("export", help="print a game's export document (docs/export-format.md) on stdout")
    e.add_argument("game_id")
    e.set_defaults(run=with_store("export"))
    i = sub.add_parser("import", help="restore a finished game's export under its id (exit 1: exists, 2: corrupt)")
    i.add_argument("file")
    i.set_defaults(run=with_store("import"))
    ar = sub.add_parser("archive", help="move finished games out of the hot tables into the archive")
    ar.add_argument("--older-than", type=float, required=True, metavar="SECONDS", help="ended this long ago")
    ar.set_defaults(run=with_store("archive"))
    sub.add_parser("openapi", help="print the OpenAPI spec as YAML").set_defaults(run=openapi)
    from api.keys_cli import add_parser as add_keys_parser

    add_keys_parser(sub)
    simulate_command.add_parser(sub)
    operator_cli.add_parser(sub)  # games inspect, doctor (docs/operations.md)
    from api.webhooks_cli import add_parser as add_webhooks_parser  # webhooks resend (docs/operations.md)

    add_webhooks_parser(sub)
    verify_command.add_parser(sub)
    backup_command.add_parser(sub)  # backup check, backup verify (docs/backup-restore.md)
    return p


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)  # its plugin set-up lines say nothing to an operator
    args = parser().parse_args(argv)
    result: int = args.run(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
