"""Portal API keys through the `tapis keys` CLI against a database: created once, listed, revoked.

Keys through the services (games recorded and listed by key, revoked keys refused, env keys beside the table)
run on memory adapters in tests/unit/services/test_portal_keys.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from infra.settings import Settings
from tests.integration.test_cli import tapis

pytestmark = pytest.mark.integration


def test_tapis_keys_create_list_revoke(settings: Settings) -> None:
    # Any: mypy would match a dict[str, str] unpacked into tapis() against its `timeout: float` too
    urls: dict[str, Any] = {"database_url": str(settings.database_url), "redis_url": str(settings.redis_url)}
    created = tapis("keys", "create", "--name", "cli portal", **urls)
    assert created.returncode == 0, created.stderr
    shown = json.loads(created.stdout)
    assert shown["api_key"].startswith("tpk_") and shown["revoked_at"] is None
    listed = tapis("keys", "list", **urls)
    rows = [json.loads(line) for line in listed.stdout.splitlines()]
    assert any(r["key_id"] == shown["key_id"] for r in rows)
    assert all("api_key" not in r for r in rows)  # shown once, never again
    revoked = tapis("keys", "revoke", shown["key_id"], **urls)
    assert revoked.returncode == 0 and json.loads(revoked.stdout)["revoked_at"] is not None
    assert tapis("keys", "revoke", "nope", **urls).returncode == 1
