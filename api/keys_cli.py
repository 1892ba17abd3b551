"""`tapis keys create|list|revoke`: the operator manages portal API keys (a key is printed once, never stored)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

import asyncpg

from infra.key_store import PostgresKeyStore
from infra.settings import Settings
from services.keys import PortalKeys
from services.ports import ApiKey


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")


def _shown(key: ApiKey) -> dict[str, str | None]:
    return {
        "key_id": key.key_id,
        "name": key.name,
        "created_at": key.created_at.isoformat(),
        "revoked_at": key.revoked_at.isoformat() if key.revoked_at else None,
    }


async def _run(settings: Settings, args: argparse.Namespace) -> int:
    from bootstrap import check_schema

    assert settings.database_url
    pool = await asyncpg.create_pool(settings.database_url, min_size=1, max_size=1)
    try:
        await check_schema(pool)
        store = PostgresKeyStore(pool)
        if args.keys_command == "create":
            created, key = await PortalKeys(store, (), required=False).create(args.name)
            _say(json.dumps({**_shown(created), "api_key": key}))
            return 0
        if args.keys_command == "list":
            for listed in await store.all():
                _say(json.dumps(_shown(listed)))
            return 0
        revoked = await store.revoke(args.key_id)
        if revoked is None:
            _say(json.dumps({"error": f"no key {args.key_id}"}))
            return 1
        _say(json.dumps(_shown(revoked)))
        return 0
    finally:
        await pool.close()


def keys(args: argparse.Namespace) -> int:
    from api.backing import backing_services

    with backing_services(Settings.from_env()) as settings:
        return asyncio.run(_run(settings, args))


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    k = sub.add_parser("keys", help="create, list and revoke portal API keys")
    actions = k.add_subparsers(dest="keys_command", required=True)
    create = actions.add_parser("create", help="create a key (printed once: keep it)")
    create.add_argument("--name", required=True, help="who the key is for")
    actions.add_parser("list", help="list keys (ids, names, dates; never the keys)")
    revoke = actions.add_parser("revoke", help="revoke a key by its id")
    revoke.add_argument("key_id")
    k.set_defaults(run=keys)
