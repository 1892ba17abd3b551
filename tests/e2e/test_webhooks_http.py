"""Webhooks over HTTP against `tapis serve`, and the bad input of issue 9 (each its 4xx with its stable code).

A loopback receiver gets every event of a game in order, signed; stopped while another game is played and
the API process restarted, it gets the missed events once it is back.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from typing import Any

import httpx
import pytest
from standardwebhooks import Webhook

from infra.embedded import ServiceUrls
from tests import local_http
from tests.e2e.client import Tapis, bearer
from tests.e2e.conftest import ROOT, start_server, stop_server
from tests.webhook_receiver import Receiver, verify

pytestmark = pytest.mark.e2e
ONE_ROUND = {"end": {"kind": "rounds", "rounds": 1}}
FAST_RETRIES = {
    "TAPIS_WEBHOOK_BACKOFF_SECONDS": "0.1",
    "TAPIS_WEBHOOK_BACKOFF_MAX_SECONDS": "0.5",
    "TAPIS_WEBHOOK_MAX_ATTEMPTS": "1000",
    # the receiver is down a while on purpose: the circuit breaker's pause must not outlast the test's waits
    "TAPIS_WEBHOOK_PAUSE_SECONDS": "0.5",
    "TAPIS_WEBHOOK_PAUSE_MAX_SECONDS": "1",
}


def tapis_keys(urls: ServiceUrls, *args: str) -> dict[str, Any]:
    env = {**os.environ, "DATABASE_URL": urls.database_url, "REDIS_URL": urls.redis_url}
    done = subprocess.run(
        [sys.executable, "-m", "api.cli", "keys", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    shown: dict[str, Any] = json.loads(done.stdout)
    return shown


def error(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["error"]["code"] == code, body
    assert body["error"]["message"]


async def wait_for(condition: Any, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not await condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


def first_arrivals(receiver: Receiver, game_id: str) -> list[dict[str, Any]]:
    """At least once: a retry after a restart may repeat an event; `id` tells them apart."""
    seen: dict[str, dict[str, Any]] = {}
    for received in receiver.received:
        shown = received.event
        if shown["game_id"] == game_id:
            seen.setdefault(shown["id"], shown)
    return list(seen.values())


async def test_webhooks_get_every_event_in_order_and_what_they_missed_across_a_restart(
    migrated_urls: ServiceUrls,
) -> None:
    key = (await asyncio.to_thread(tapis_keys, migrated_urls, "create", "--name", "e2e portal"))["api_key"]
    portal = {"X-API-Key": key}
    receiver = Receiver()
    await receiver.start()
    process, base = await asyncio.to_thread(start_server, migrated_urls, FAST_RETRIES)
    try:
        async with local_http.async_client(base_url=base, timeout=30) as http:
            registered = await http.post("/v1/webhooks", json={"url": receiver.url, "topics": ["*"]}, headers=portal)
            assert registered.status_code == 201, registered.text
            secret, webhook_id = registered.json()["secret"], registered.json()["webhook_id"]
            listed = (await http.get("/v1/webhooks", headers=portal)).json()["webhooks"]
            assert [w["webhook_id"] for w in listed] == [webhook_id] and "secret" not in listed[0]

            # a game played by two people over HTTP
            created = await http.post(
                "/v1/games", json={"game": "six-nimmt", "players": 2, "options": ONE_ROUND}, headers=portal
            )
            game_id, admin = created.json()["game_id"], created.json()["admin_token"]
            tokens = [
                (await http.post(f"/v1/games/{game_id}/seats", json={"name": n})).json()["player_token"] for n in "ab"
            ]
            await http.post(f"/v1/games/{game_id}/start", headers=bearer(admin))
            for _ in range(200):
                view = (await http.get(f"/v1/games/{game_id}")).json()
                if view["status"] != "active":
                    break
                seat = view["awaiting"][0]
                moves = (await http.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(tokens[seat]))).json()
                sent = await http.post(
                    f"/v1/games/{game_id}/commands", json=moves["moves"][0], headers=bearer(tokens[seat])
                )
                assert sent.status_code == 200, sent.text
            final = view["version"]

            async def all_of_first() -> bool:
                return bool(len(first_arrivals(receiver, game_id)) == final)

            await wait_for(all_of_first)
            got = first_arrivals(receiver, game_id)
            assert [e["version"] for e in got] == list(range(1, final + 1))
            assert all(verify(secret, r) for r in receiver.received)
            # and as a Standard Webhooks message, checked by the reference library as a portal would
            assert all(Webhook(secret).verify(r.body, r.headers) == r.event for r in receiver.received)
            assert got[-1]["type"] == "GameEnded"

            # the receiver goes away; a bot game is played; its first delivery is retried, the rest wait
            await receiver.stop()
            bots = await http.post(
                "/v1/games", json={"game": "six-nimmt", "players": 3, "options": ONE_ROUND}, headers=portal
            )
            second, second_admin = bots.json()["game_id"], bots.json()["admin_token"]
            for _ in range(3):
                await http.post(f"/v1/games/{second}/seats", json={"bot": "smart"}, headers=bearer(second_admin))
            started = await http.post(f"/v1/games/{second}/start", headers=bearer(second_admin))
            assert started.status_code == 200, started.text

            # a request plays a few bot moves; the rest go on in the background (TAPIS_BOT_MOVES_PER_REQUEST)
            async def bots_done() -> bool:
                return bool((await http.get(f"/v1/games/{second}")).json()["status"] == "finished")

            await wait_for(bots_done)
            second_final = (await http.get(f"/v1/games/{second}")).json()["version"]

            async def failing() -> bool:
                # the oldest delivery is the last of a page large enough for the whole game (CommandAccepted included)
                log = await http.get(
                    f"/v1/webhooks/{webhook_id}/deliveries", params={"game_id": second, "limit": 1000}, headers=portal
                )
                deliveries = log.json()["deliveries"]
                return bool(deliveries) and len(deliveries[-1]["attempts"]) >= 2

            await wait_for(failing)
            log = (
                await http.get(
                    f"/v1/webhooks/{webhook_id}/deliveries", params={"game_id": second, "limit": 1000}, headers=portal
                )
            ).json()
            oldest = log["deliveries"][-1]
            assert oldest["version"] == 1 and oldest["status"] == "pending"
            assert all(a["status_code"] is None and a["error"] for a in oldest["attempts"])
    finally:
        await asyncio.to_thread(stop_server, process)

    # a new API process, the receiver back on its port: the missed events arrive, in order
    await receiver.start()
    process, base = await asyncio.to_thread(start_server, migrated_urls, FAST_RETRIES)
    try:

        async def all_of_second() -> bool:
            return bool(len(first_arrivals(receiver, second)) == second_final)

        await wait_for(all_of_second)
        got = first_arrivals(receiver, second)
        assert [e["version"] for e in got] == list(range(1, second_final + 1))
        assert all(verify(secret, r) for r in receiver.received)
        assert all(Webhook(secret).verify(r.body, r.headers) == r.event for r in receiver.received)
        # at least once: a repeat after the restart carries the same webhook-id, so a portal can drop it
        ids: dict[str, bytes] = {}
        assert all(ids.setdefault(r.headers["webhook-id"], r.body) == r.body for r in receiver.received)
        async with local_http.async_client(base_url=base, timeout=30) as http:

            async def all_delivered() -> bool:
                log = await http.get(
                    f"/v1/webhooks/{webhook_id}/deliveries", params={"game_id": second, "limit": 1000}, headers=portal
                )
                return {d["status"] for d in log.json()["deliveries"]} == {"delivered"}

            await wait_for(all_delivered)
            deleted = await http.delete(f"/v1/webhooks/{webhook_id}", headers=portal)
            assert deleted.status_code == 204
            error(await http.get(f"/v1/webhooks/{webhook_id}", headers=portal), 404, "webhook_not_found")
    finally:
        await asyncio.to_thread(stop_server, process)
        await receiver.stop()


def test_webhook_registration_refusals(api: Tapis, migrated_urls: ServiceUrls) -> None:
    key = tapis_keys(migrated_urls, "create", "--name", "refused portal")["api_key"]
    other = tapis_keys(migrated_urls, "create", "--name", "another portal")["api_key"]
    portal = {"X-API-Key": key}
    for url in (
        "ftp://127.0.0.1/hook",
        "javascript:alert(1)",
        "127.0.0.1:9/hook",
        "http://",
        "https:///path",
        "http://[::1/h",
        "",
    ):
        error(
            api.http.post("/v1/webhooks", json={"url": url, "topics": ["*"]}, headers=portal),
            422,
            "invalid_webhook_url",
        )
    for topics in ([], ["game.deleted"], ["*", "GameEnded"]):
        error(
            api.http.post("/v1/webhooks", json={"url": "http://127.0.0.1:9/hook", "topics": topics}, headers=portal),
            422,
            "invalid_topics",
        )
    error(api.http.post("/v1/webhooks", json={"url": 7, "topics": ["*"]}, headers=portal), 400, "invalid_body")
    error(api.http.post("/v1/webhooks", json={"url": "http://127.0.0.1:9/h", "topics": ["*"]}), 401, "missing_api_key")
    error(api.http.get("/v1/webhooks", headers={"X-API-Key": "tpk_unknown"}), 401, "invalid_api_key")
    assert api.http.get("/v1/webhooks", headers=portal).json() == {"webhooks": []}  # nothing was registered

    mine = api.http.post(
        "/v1/webhooks", json={"url": "http://127.0.0.1:9/h", "topics": ["game.finished"]}, headers=portal
    )
    assert mine.status_code == 201
    webhook_id = mine.json()["webhook_id"]
    theirs = {"X-API-Key": other}
    error(api.http.get(f"/v1/webhooks/{webhook_id}", headers=theirs), 404, "webhook_not_found")
    error(api.http.get(f"/v1/webhooks/{webhook_id}/deliveries", headers=theirs), 404, "webhook_not_found")
    error(api.http.delete(f"/v1/webhooks/{webhook_id}", headers=theirs), 404, "webhook_not_found")
    error(api.http.get(f"/v1/webhooks/{webhook_id}/deliveries?limit=0", headers=portal), 400, "invalid_query")
    assert api.http.delete(f"/v1/webhooks/{webhook_id}", headers=portal).status_code == 204
    error(api.http.delete(f"/v1/webhooks/{webhook_id}", headers=portal), 404, "webhook_not_found")


def test_issue_9_bad_input_over_http(api: Tapis, migrated_urls: ServiceUrls) -> None:
    # a stream for an unknown game; Last-Event-ID not a number, or beyond the end
    error(api.http.get("/v1/games/no-such-game/stream"), 404, "game_not_found")
    created = api.create("six-nimmt", 2, ONE_ROUND)
    game_id, admin = created["game_id"], created["admin_token"]
    error(api.http.get(f"/v1/games/{game_id}/stream", headers={"Last-Event-ID": "seven"}), 400, "invalid_last_event_id")
    error(api.http.get(f"/v1/games/{game_id}/stream", headers={"Last-Event-ID": "-1"}), 400, "invalid_last_event_id")
    error(api.http.get(f"/v1/games/{game_id}/stream", headers={"Last-Event-ID": "2"}), 400, "last_event_id_beyond_end")

    # a forfeit by a seat already gone; a rematch of a game not finished
    tokens = [api.join(game_id, name)["player_token"] for name in ("ann", "bob")]
    api.start(game_id, admin)
    assert api.http.post(f"/v1/games/{game_id}/forfeit", headers=bearer(tokens[0])).status_code == 200
    error(api.http.post(f"/v1/games/{game_id}/forfeit", headers=bearer(tokens[0])), 409, "seat_gone")
    error(api.http.post(f"/v1/games/{game_id}/rematch", headers=bearer(admin)), 409, "game_not_finished")

    # a revoked key: refused to create games and for webhooks
    shown = tapis_keys(migrated_urls, "create", "--name", "soon revoked")
    portal = {"X-API-Key": shown["api_key"]}
    assert api.http.post("/v1/games", json={"game": "six-nimmt", "players": 2}, headers=portal).status_code == 201
    tapis_keys(migrated_urls, "revoke", shown["key_id"])
    error(api.http.post("/v1/games", json={"game": "six-nimmt", "players": 2}, headers=portal), 401, "revoked_api_key")
    error(api.http.get("/v1/games", headers=portal), 401, "revoked_api_key")
    error(api.http.get("/v1/webhooks", headers=portal), 401, "revoked_api_key")
    error(
        api.http.post("/v1/webhooks", json={"url": "http://127.0.0.1:9/h", "topics": ["*"]}, headers=portal),
        401,
        "revoked_api_key",
    )
