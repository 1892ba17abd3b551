"""`tapis webhooks resend`: the operator re-queues the deliveries that their retries gave up on (docs/operations.md).

Once a portal's endpoint is fixed, `tapis webhooks resend --endpoint wh_… [--game …]` makes its given-up (`failed`)
deliveries pending again: the API processes' normal sender sends them, in order per game, as the same delivery (the
same `webhook-id`, so a portal that saw one already drops it). `--dry-run` lists them and changes nothing.

Exit 0: something was re-queued (or, with `--dry-run`, listed); 1: no given-up delivery matched; 2: bad usage
(neither `--endpoint` nor `--game`).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

import asyncpg
import msgspec

from infra.settings import Settings
from services.ports import GivenUp, WebhookStore

NOTHING = 1
USAGE = 2


def _line(verb: str, given_up: GivenUp) -> str:
    last = given_up.last_error or (f"HTTP {given_up.last_status}" if given_up.last_status is not None else "-")
    return (
        f"{verb}  delivery {given_up.delivery_id}  endpoint {given_up.webhook_id}  game {given_up.game_id}"
        f"  version {given_up.version}  {given_up.topic}  after {given_up.attempts} attempts (last: {last})"
    )


async def resend(
    store: WebhookStore, endpoint: str | None, game: str | None, dry_run: bool, as_json: bool
) -> tuple[int, list[str]]:
    """The exit code and the lines to print."""
    found = await (store.given_up(endpoint, game) if dry_run else store.requeue(endpoint, game))
    if as_json:
        shown: dict[str, Any] = {"dry_run": dry_run, "deliveries": found}
        return (0 if found else NOTHING), [msgspec.json.encode(shown).decode()]
    if not found:
        selection = " and ".join(
            f"{what} {value}" for what, value in (("endpoint", endpoint), ("game", game)) if value is not None
        )
        return NOTHING, [f"no given-up delivery of {selection} (deleted endpoints' are never sent again)"]
    verb = "would re-queue" if dry_run else "re-queued"
    lines = [_line(verb, g) for g in found]
    plural = "y" if len(found) == 1 else "ies"
    lines.append(
        f"{len(found)} given-up deliver{plural} listed (dry run: nothing re-queued)"
        if dry_run
        else f"{len(found)} deliver{plural} re-queued: the API processes send them now"
    )
    return 0, lines


async def _run(settings: Settings, args: argparse.Namespace) -> int:
    from bootstrap import check_schema
    from infra.webhook_store import PostgresWebhookStore

    assert settings.database_url
    pool = await asyncpg.create_pool(settings.database_url, min_size=1, max_size=1)
    try:
        await check_schema(pool)
        code, lines = await resend(PostgresWebhookStore(pool), args.endpoint, args.game, args.dry_run, args.json)
    finally:
        await pool.close()
    (sys.stdout if code == 0 or args.json else sys.stderr).write("".join(line + "\n" for line in lines))
    return code


def webhooks_resend(args: argparse.Namespace) -> int:
    from api.backing import backing_services

    if args.endpoint is None and args.game is None:
        sys.stderr.write("tapis webhooks resend: give --endpoint, --game or both\n")
        return USAGE
    with backing_services(Settings.from_env()) as settings:
        return asyncio.run(_run(settings, args))


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    w = sub.add_parser("webhooks", help="operator commands on webhook deliveries")
    actions = w.add_subparsers(dest="webhooks_command", required=True)
    r = actions.add_parser(
        "resend",
        help="re-queue the given-up deliveries of an endpoint and/or a game (exit 1: none; 2: neither given)",
    )
    r.add_argument("--endpoint", metavar="WEBHOOK_ID", help="the endpoint's id (wh_…)")
    r.add_argument("--game", metavar="GAME_ID", help="the game's id")
    r.add_argument("--dry-run", action="store_true", help="list them, change nothing")
    r.add_argument("--json", action="store_true", help="one JSON object: dry_run and the deliveries")
    r.set_defaults(run=webhooks_resend)
