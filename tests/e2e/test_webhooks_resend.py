"""Standard Webhooks headers on real deliveries, and `tapis webhooks resend` against the real database.

A receiver that answers 500 makes a `tapis serve` give up a game's deliveries; the operator lists them
(`--dry-run`), re-queues them once the receiver answers 204, and the running server's normal sender sends them
again as the same messages (the same `webhook-id`). Every request the receiver got, failed or not, verifies with
the `standardwebhooks` library as a portal would check it, and a tampered one does not.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from infra.embedded import ServiceUrls
from infra.migrate import upgrade
from tests import local_http
from tests.conftest import _create_database, _drop_database, _run, _with_database
from tests.e2e.conftest import ROOT, start_server, stop_server
from tests.e2e.test_webhooks_http import tapis_keys, wait_for
from tests.webhook_receiver import Receiver, verify

pytestmark = pytest.mark.e2e
GIVE_UP_FAST = {
    "TAPIS_WEBHOOK_BACKOFF_SECONDS": "0.1",
    "TAPIS_WEBHOOK_BACKOFF_MAX_SECONDS": "0.1",
    "TAPIS_WEBHOOK_MAX_ATTEMPTS": "2",
    "TAPIS_WEBHOOK_PAUSE_AFTER_FAILURES": "0",  # the breaker would only slow the test: it is not what is shown here
}


@pytest.fixture
def own_urls(migrated_urls: ServiceUrls) -> Iterator[ServiceUrls]:
    """A database of this test's own: the session's e2e server (tests/e2e/conftest.py) sends the shared database's
    deliveries too, on its own slower retry schedule, and would take some of this test's before they are given up."""
    name = f"tapis_resend_{secrets.token_hex(4)}"
    _run(_create_database(migrated_urls.database_url, name))
    url = _with_database(migrated_urls.database_url, name)
    upgrade(url)
    try:
        yield ServiceUrls(database_url=url, redis_url=migrated_urls.redis_url)
    finally:
        _run(_drop_database(migrated_urls.database_url, name))


def resend(urls: ServiceUrls, *args: str) -> subprocess.CompletedProcess[str]:
    """The command as an operator runs it: its own process."""
    env = {**os.environ, "DATABASE_URL": urls.database_url, "REDIS_URL": urls.redis_url}
    return subprocess.run(
        [sys.executable, "-m", "api.cli", "webhooks", "resend", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,  # the exit code is what is tested
    )


class InProcess:
    """The same command run in the test's process (the CLI's `main`, in a thread: it runs its own event loop), which
    spares a busy machine a Python start and the app's imports for each of the other calls."""

    def __init__(self, urls: ServiceUrls, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
        monkeypatch.setenv("DATABASE_URL", urls.database_url)
        monkeypatch.setenv("REDIS_URL", urls.redis_url)
        self.capsys = capsys

    async def __call__(self, *args: str) -> subprocess.CompletedProcess[str]:
        from api.cli import main

        self.capsys.readouterr()
        code = await asyncio.to_thread(main, ["webhooks", "resend", *args])
        shown = self.capsys.readouterr()
        return subprocess.CompletedProcess(args, code, shown.out, shown.err)


async def test_given_up_deliveries_are_resent_as_the_same_standard_webhooks_messages(
    own_urls: ServiceUrls, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tapis = InProcess(own_urls, monkeypatch, capsys)
    key = (await asyncio.to_thread(tapis_keys, own_urls, "create", "--name", "resend portal"))["api_key"]
    portal = {"X-API-Key": key}
    receiver = Receiver(answer=500)
    await receiver.start()
    started_at = int(time.time())
    process, base = await asyncio.to_thread(start_server, own_urls, GIVE_UP_FAST)
    try:
        async with local_http.async_client(base_url=base, timeout=30) as http:
            registered = await http.post("/v1/webhooks", json={"url": receiver.url, "topics": ["*"]}, headers=portal)
            assert registered.status_code == 201, registered.text
            secret, webhook_id = registered.json()["secret"], registered.json()["webhook_id"]
            created = await http.post("/v1/games", json={"game": "six-nimmt", "players": 2}, headers=portal)
            game_id = created.json()["game_id"]
            joined = await http.post(f"/v1/games/{game_id}/seats", json={"name": "ann"})
            assert joined.status_code == 201, joined.text  # PlayerJoined: one more event
            events = (await http.get(f"/v1/games/{game_id}")).json()["version"]
            versions = list(range(1, events + 1))

            async def log() -> list[dict[str, Any]]:
                shown = await http.get(
                    f"/v1/webhooks/{webhook_id}/deliveries", params={"game_id": game_id}, headers=portal
                )
                deliveries: list[dict[str, Any]] = shown.json()["deliveries"]
                return deliveries

            async def all_given_up() -> bool:
                found = await log()
                return len(found) == events and {d["status"] for d in found} == {"failed"}

            await wait_for(all_given_up, seconds=90)  # two attempts per event, at a loaded CI's pace
            assert len(receiver.received) == 2 * events  # two attempts of each event

            # usage errors and a selection with nothing given up
            assert (await tapis()).returncode == 2
            nothing = await tapis("--game", "no-such-game")
            assert nothing.returncode == 1 and "no given-up delivery of game no-such-game" in nothing.stderr

            listed = await tapis("--game", game_id, "--dry-run")
            assert listed.returncode == 0, listed.stderr
            lines = listed.stdout.splitlines()
            assert len(lines) == events + 1
            assert all(line.startswith("would re-queue  delivery ") for line in lines[:-1])
            assert f"endpoint {webhook_id}" in lines[0] and "after 2 attempts (last: HTTP 500)" in lines[0]
            assert lines[-1] == f"{events} given-up deliveries listed (dry run: nothing re-queued)"
            assert {d["status"] for d in await log()} == {"failed"}  # nothing changed

            receiver.answer = 204
            done = await asyncio.to_thread(resend, own_urls, "--endpoint", webhook_id, "--game", game_id, "--json")
            assert done.returncode == 0, done.stderr
            shown = json.loads(done.stdout)
            assert shown["dry_run"] is False
            assert [(d["webhook_id"], d["game_id"], d["version"]) for d in shown["deliveries"]] == [
                (webhook_id, game_id, v) for v in versions
            ]

            async def all_delivered() -> bool:
                return {d["status"] for d in await log()} == {"delivered"}

            await wait_for(all_delivered, seconds=90)
            again = await tapis("--game", game_id)
            assert again.returncode == 1  # delivered now: nothing is given up
            attempts = {d["version"]: [a["status_code"] for a in d["attempts"]] for d in await log()}
            assert attempts == {v: [500, 500, 204] for v in versions}
    finally:
        await asyncio.to_thread(stop_server, process)
        await receiver.stop()

    # every request, the failed attempts too, is a valid Standard Webhooks message under the endpoint's secret
    by_id: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for received in receiver.received:
        assert Webhook(secret).verify(received.body, received.headers) == received.event
        assert verify(secret, received)  # the deprecated X-Tapis-Signature still comes beside it, one more release
        timestamp = int(received.headers["webhook-timestamp"])
        assert started_at <= timestamp <= int(time.time())  # the time of that attempt
        by_id[received.headers["webhook-id"]].append(
            {"body": received.body, "attempt": received.headers["x-tapis-attempt"]}
        )
    # one id per event: the same on both retries and on the resend, so a portal can drop what it has seen
    assert len(by_id) == events and all(len({r["body"] for r in sent}) == 1 for sent in by_id.values())
    assert all(sorted(r["attempt"] for r in sent) == ["1", "2", "3"] for sent in by_id.values())
    assert sorted(json.loads(sent[0]["body"])["version"] for sent in by_id.values()) == versions

    # what a portal refuses: a body changed on the way, a moved timestamp, another endpoint's secret
    last = receiver.received[-1]
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(last.body.replace(b'"version":', b'"version": '), last.headers)
    with pytest.raises(WebhookVerificationError):
        moved = str(int(last.headers["webhook-timestamp"]) - 1)
        Webhook(secret).verify(last.body, {**last.headers, "webhook-timestamp": moved})
    with pytest.raises(WebhookVerificationError):
        Webhook("whsec_" + "A" * 43 + "=").verify(last.body, last.headers)
