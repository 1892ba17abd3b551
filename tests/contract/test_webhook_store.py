"""The webhook store's contract, for Postgres and the memory store alike: endpoints per key, deliveries taken
in once per checkpoint move, the head of each (endpoint, game) leased to one sender, every attempt logged; claims in
turn across keys and endpoints within the sender's caps, and each endpoint's circuit breaker (issue 16)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator

import pytest

from services.ports import (
    Breaker,
    Checkpoint,
    Claimed,
    GameRecord,
    GivenUp,
    NewDelivery,
    Outcome,
    SendCaps,
    Subscriber,
    WebhookStore,
)
from tests.contract.adapters import Database
from tests.contract.streams import ev

EVERYTHING = 1000
OK = Outcome(ok=True, status_code=204, error=None, duration_ms=3)
REFUSED = Outcome(ok=False, status_code=503, error="HTTP 503", duration_ms=5)


class Portal:
    """An API key with two endpoints; the endpoints are deleted after the test, so that a real sender of a
    shared database never tries this test's deliveries."""

    def __init__(self, webhooks: WebhookStore) -> None:
        self.webhooks = webhooks
        self.key_id = "k" + secrets.token_hex(6)
        self.endpoints: list[str] = []

    async def endpoint(self, topics: list[str]) -> str:
        webhook_id = "w" + secrets.token_hex(6)
        await self.webhooks.add(webhook_id, self.key_id, f"https://{webhook_id}.invalid/hook", topics, "whsec_x")
        self.endpoints.append(webhook_id)
        return webhook_id

    async def claim(self) -> list[Claimed]:
        return [c for c in await self.webhooks.claim(EVERYTHING, 60.0) if c.webhook_id in self.endpoints]


@pytest.fixture
async def portal(database: Database) -> AsyncIterator[Portal]:
    made = Portal(database.webhooks)
    yield made
    for webhook_id in made.endpoints:
        await database.webhooks.delete(made.key_id, webhook_id)


def delivery(webhook_id: str, game_id: str, position: int, version: int) -> NewDelivery:
    return NewDelivery(webhook_id, game_id, position, version, "game.updated", f'{{"v":{version}}}'.encode())


async def taken_in(webhooks: WebhookStore, deliveries: list[NewDelivery]) -> None:
    name = "contract-" + secrets.token_hex(6)
    seen = await webhooks.checkpoint(name)
    assert await webhooks.intake(name, seen, Checkpoint(1, 1), deliveries)


async def test_endpoints_are_kept_per_key_until_deleted(database: Database, portal: Portal) -> None:
    webhooks = database.webhooks
    first = await portal.endpoint(["*"])
    second = await portal.endpoint(["game.finished", "game.created"])
    assert [(w.webhook_id, w.topics) for w in await webhooks.of_key(portal.key_id)] == [
        (first, ["*"]),
        (second, ["game.finished", "game.created"]),
    ]
    assert await webhooks.count(portal.key_id) == 2
    shown = await webhooks.get(portal.key_id, second)
    assert shown is not None and shown.url == f"https://{second}.invalid/hook"
    assert await webhooks.get("k" + secrets.token_hex(6), second) is None  # another key does not see it
    assert await webhooks.delete("k" + secrets.token_hex(6), second) is False
    assert await webhooks.delete(portal.key_id, second) is True
    assert await webhooks.delete(portal.key_id, second) is False
    assert await webhooks.get(portal.key_id, second) is None
    assert [w.webhook_id for w in await webhooks.of_key(portal.key_id)] == [first]
    assert await webhooks.count(portal.key_id) == 1


async def test_a_game_s_subscribers_are_the_live_endpoints_of_its_key(database: Database, portal: Portal) -> None:
    first, second = await portal.endpoint(["*"]), await portal.endpoint(["game.finished"])
    keyed, unkeyed = "g" + secrets.token_hex(6), "g" + secrets.token_hex(6)
    await database.store.create(
        GameRecord(keyed, "six-nimmt", b"s" * 32, b"h" * 32, {}, api_key_id=portal.key_id), [ev(1)], {}
    )
    await database.store.create(GameRecord(unkeyed, "six-nimmt", b"s" * 32, b"h" * 32, {}), [ev(1)], {})
    found = await database.webhooks.subscribers([keyed, unkeyed, "g" + secrets.token_hex(6)])
    assert list(found) == [keyed]
    assert [(s.webhook_id, s.topics) for s in found[keyed]] == [(first, ["*"]), (second, ["game.finished"])]
    assert all(isinstance(s, Subscriber) for s in found[keyed])
    await database.webhooks.delete(portal.key_id, first)
    found = await database.webhooks.subscribers([keyed])
    assert [s.webhook_id for s in found[keyed]] == [second]


async def test_deliveries_are_taken_in_once_per_move_of_the_checkpoint(database: Database, portal: Portal) -> None:
    webhooks = database.webhooks
    webhook_id = await portal.endpoint(["*"])
    name = "contract-" + secrets.token_hex(6)
    start = await webhooks.checkpoint(name)
    assert start == Checkpoint() and await webhooks.checkpoint(name) == start
    reached = Checkpoint(tx_id=10, position=20)
    assert await webhooks.intake(name, start, reached, [delivery(webhook_id, "g1", 5, 1)]) is True
    assert await webhooks.checkpoint(name) == reached
    # another process read the same batch: it lost, and wrote nothing
    assert await webhooks.intake(name, start, Checkpoint(11, 30), [delivery(webhook_id, "g1", 6, 2)]) is False
    assert await webhooks.checkpoint(name) == reached
    # an event already taken in for an endpoint is not taken in again
    later = Checkpoint(tx_id=12, position=40)
    assert await webhooks.intake(
        name, reached, later, [delivery(webhook_id, "g1", 5, 1), delivery(webhook_id, "g1", 7, 3)]
    )
    assert [d.version for d in await webhooks.deliveries(webhook_id, None, None, 10)] == [3, 1]
    # a checkpoint never read is not moved
    assert await webhooks.intake("contract-" + secrets.token_hex(6), start, reached, []) is False


async def test_a_checkpoint_of_one_place_per_shard_moves_as_a_whole(database: Database, portal: Portal) -> None:
    # the intake's checkpoint when the log is read shard by shard (Citus): compared and set with all its places
    webhooks = database.webhooks
    webhook_id = await portal.endpoint(["*"])
    name = "contract-" + secrets.token_hex(6)
    start = await webhooks.checkpoint(name)
    first = Checkpoint(shards=(("102008@1", 751, 3),))
    assert await webhooks.intake(name, start, first, [delivery(webhook_id, "g1", 3, 1)])
    assert await webhooks.checkpoint(name) == first
    both = Checkpoint(shards=(("102008@1", 751, 3), ("102009@2", 9, 12)))
    assert await webhooks.intake(name, first, both, [delivery(webhook_id, "g2", 12, 1)])
    # a reader that saw only the first shard's place lost: another moved the checkpoint on
    assert await webhooks.intake(name, first, Checkpoint(shards=(("102008@1", 800, 40),)), []) is False
    assert await webhooks.checkpoint(name) == both


async def test_only_the_head_of_each_endpoint_and_game_is_leased_and_attempts_are_logged(
    database: Database, portal: Portal
) -> None:
    webhooks = database.webhooks
    one, two = await portal.endpoint(["*"]), await portal.endpoint(["*"])
    await taken_in(
        webhooks,
        [
            delivery(one, "g1", 10, 1),
            delivery(one, "g1", 11, 2),
            delivery(one, "g2", 12, 1),
            delivery(two, "g1", 10, 1),
        ],
    )
    claimed = await portal.claim()
    assert sorted((c.webhook_id, c.game_id, c.version, c.attempt) for c in claimed) == sorted(
        [(one, "g1", 1, 1), (one, "g2", 1, 1), (two, "g1", 1, 1)]
    )
    head = next(c for c in claimed if (c.webhook_id, c.game_id) == (one, "g1"))
    assert (head.url, head.secret, head.body) == (f"https://{one}.invalid/hook", "whsec_x", b'{"v":1}')
    assert await portal.claim() == []  # leased: nobody else sends them meanwhile
    # refused: tried again at once; a game's next event waits for its head
    await webhooks.finish(head, REFUSED, retry_in=0.0)
    again = [c for c in await portal.claim() if (c.webhook_id, c.game_id) == (one, "g1")]
    assert [(c.version, c.attempt) for c in again] == [(1, 2)]
    await webhooks.finish(again[0], OK, retry_in=None)
    after = [c for c in await portal.claim() if (c.webhook_id, c.game_id) == (one, "g1")]
    assert [(c.version, c.attempt) for c in after] == [(2, 1)]
    # given up: failed, and the game's next event may go
    await webhooks.finish(after[0], REFUSED, retry_in=None)

    log = await webhooks.deliveries(one, "g1", None, 10)
    assert [(d.version, d.status) for d in log] == [(2, "failed"), (1, "delivered")]
    assert [(a.attempt, a.status_code, a.error) for a in log[1].attempts] == [(1, 503, "HTTP 503"), (2, 204, None)]
    assert log[1].delivered_at is not None and log[1].next_attempt_at is None
    assert log[0].delivered_at is None and [a.attempt for a in log[0].attempts] == [1]
    every = await webhooks.deliveries(one, None, None, 10)
    assert [(d.game_id, d.version) for d in every] == [("g2", 1), ("g1", 2), ("g1", 1)]
    assert [(d.game_id, d.version) for d in await webhooks.deliveries(one, None, every[0].delivery_id, 1)] == [
        ("g1", 2)
    ]


async def test_a_retry_waits_its_time(database: Database, portal: Portal) -> None:
    webhooks = database.webhooks
    webhook_id = await portal.endpoint(["*"])
    await taken_in(webhooks, [delivery(webhook_id, "g1", 10, 1)])
    (first,) = await portal.claim()
    await webhooks.finish(first, REFUSED, retry_in=60.0)
    assert await portal.claim() == []
    (pending,) = await webhooks.deliveries(webhook_id, None, None, 10)
    assert pending.status == "pending" and pending.next_attempt_at is not None and pending.delivered_at is None


async def test_a_finish_from_an_earlier_lease_changes_nothing(database: Database, portal: Portal) -> None:
    webhooks = database.webhooks
    webhook_id = await portal.endpoint(["*"])
    await taken_in(webhooks, [delivery(webhook_id, "g1", 10, 1)])
    (first,) = await portal.claim()
    await webhooks.finish(first, REFUSED, retry_in=0.0)
    (second,) = await portal.claim()
    # the first sender answers again late (its lease long gone): the delivery belongs to the second one
    await webhooks.finish(first, OK, retry_in=None)
    (pending,) = await webhooks.deliveries(webhook_id, None, None, 10)
    assert pending.status == "pending" and [(a.attempt, a.status_code) for a in pending.attempts] == [(1, 503)]
    await webhooks.finish(second, OK, retry_in=None)
    (delivered,) = await webhooks.deliveries(webhook_id, None, None, 10)
    assert delivered.status == "delivered" and [a.attempt for a in delivered.attempts] == [1, 2]


async def test_deleting_an_endpoint_cancels_its_pending_deliveries(database: Database, portal: Portal) -> None:
    webhooks = database.webhooks
    webhook_id = await portal.endpoint(["*"])
    await taken_in(webhooks, [delivery(webhook_id, "g1", 10, 1), delivery(webhook_id, "g2", 11, 1)])
    assert await webhooks.delete(portal.key_id, webhook_id) is True
    assert await portal.claim() == []
    assert [d.status for d in await webhooks.deliveries(webhook_id, None, None, 10)] == ["cancelled", "cancelled"]


async def test_two_processes_asking_for_a_new_checkpoint_at_once_both_get_it(database: Database) -> None:
    # the first intake of two processes on a fresh database: one creates the row, the other's insert waits and
    # does nothing, and its read must still find the row (CI met a None there)
    name = f"intake-{secrets.token_hex(4)}"
    first, second = await asyncio.gather(database.webhooks.checkpoint(name), database.webhooks.checkpoint(name))
    assert first == second == Checkpoint()


# --- issue 16: no portal delays another (fair claims within caps, and the circuit breaker) ---

SILENT = Outcome(ok=False, status_code=None, error="ReadTimeout", duration_ms=5000)


async def test_claims_go_in_turn_across_keys_and_endpoints_not_oldest_first(database: Database) -> None:
    webhooks = database.webhooks
    crowd, lone = Portal(webhooks), Portal(webhooks)
    try:
        many = [await crowd.endpoint(["*"]) for _ in range(5)]
        one = await lone.endpoint(["*"])
        # the crowd's 40 deliveries are all older than the lone portal's 2
        await taken_in(
            webhooks,
            [delivery(w, f"g{game}", 100 + 10 * i + game, 1) for i, w in enumerate(many) for game in range(8)]
            + [delivery(one, "g1", 900, 1), delivery(one, "g2", 901, 1)],
        )
        mine = set(many) | {one}
        first = [c for c in await webhooks.claim(4, 60.0, SendCaps(per_endpoint=4, per_key=16)) if c.webhook_id in mine]
        # turn 1: each key's first; turn 2: each key's second (the crowd's from its next endpoint)
        assert len(first) == 4 and sum(c.webhook_id == one for c in first) == 2
        assert len({c.webhook_id for c in first if c.webhook_id != one}) == 2
        assert {c.api_key_id for c in first} == {crowd.key_id, lone.key_id}
    finally:
        for portal in (crowd, lone):
            for webhook_id in portal.endpoints:
                await webhooks.delete(portal.key_id, webhook_id)


async def test_claims_keep_within_the_caps_of_an_endpoint_and_a_key(database: Database, portal: Portal) -> None:
    webhooks = database.webhooks
    one, two = await portal.endpoint(["*"]), await portal.endpoint(["*"])
    await taken_in(
        webhooks,
        [delivery(w, f"g{game}", 10 * i + game, 1) for i, w in enumerate((one, two), start=1) for game in range(6)],
    )
    caps = SendCaps(per_endpoint=2, per_key=3, busy_endpoints={one: 1}, busy_keys={portal.key_id: 1})
    claimed = [c for c in await webhooks.claim(EVERYTHING, 60.0, caps) if c.webhook_id in (one, two)]
    # the key has room for 2 more (1 in flight of 3), the first endpoint for 1 more (1 in flight of 2)
    assert sorted(c.webhook_id for c in claimed) == sorted([one, two])
    # without caps, every due head goes
    assert len(await portal.claim()) == 10


async def test_an_endpoint_whose_last_attempt_failed_gets_one_send_at_a_time(
    database: Database, portal: Portal
) -> None:
    webhooks = database.webhooks
    webhook_id = await portal.endpoint(["*"])
    never = Breaker(failures=0)  # counts failures, never pauses
    await taken_in(webhooks, [delivery(webhook_id, f"g{game}", 10 + game, 1) for game in range(4)])
    caps = SendCaps(per_endpoint=4, per_key=16)
    first = await webhooks.claim(EVERYTHING, 60.0, caps)
    assert len([c for c in first if c.webhook_id == webhook_id]) == 4
    for claimed in first:
        await webhooks.finish(claimed, SILENT, retry_in=0.0, breaker=never)
    shown = await webhooks.get(portal.key_id, webhook_id)
    assert shown is not None and (shown.consecutive_failures, shown.paused_until) == (4, None)
    (probe,) = [c for c in await webhooks.claim(EVERYTHING, 60.0, caps) if c.webhook_id == webhook_id]
    await webhooks.finish(probe, OK, retry_in=None, breaker=never)
    assert len([c for c in await webhooks.claim(EVERYTHING, 60.0, caps) if c.webhook_id == webhook_id]) == 3


async def test_an_endpoint_that_keeps_failing_is_paused_and_its_deliveries_wait(
    database: Database, portal: Portal
) -> None:
    webhooks = database.webhooks
    webhook_id = await portal.endpoint(["*"])
    breaker = Breaker(failures=3, pause_seconds=0.4, max_pause_seconds=10)
    caps = SendCaps(per_endpoint=4, per_key=16)
    await taken_in(webhooks, [delivery(webhook_id, f"g{game}", 10 + game, 1) for game in range(4)])
    *first, late = [c for c in await webhooks.claim(EVERYTHING, 60.0, caps) if c.webhook_id == webhook_id]
    for n, claimed in enumerate(first, start=1):
        shown = await webhooks.get(portal.key_id, webhook_id)
        assert shown is not None and shown.paused_until is None and shown.consecutive_failures == n - 1
        await webhooks.finish(claimed, SILENT, retry_in=0.0, breaker=breaker)
    # the third failure in a row paused it: nothing is claimed, the deliveries stay pending
    paused = await webhooks.get(portal.key_id, webhook_id)
    assert paused is not None and paused.paused_until is not None and paused.consecutive_failures == 3
    assert paused.pause_reason == "3 consecutive failed attempts (the last: ReadTimeout)"
    await webhooks.finish(late, SILENT, retry_in=0.0, breaker=breaker)  # in flight when it was paused
    still = await webhooks.get(portal.key_id, webhook_id)
    assert still is not None and still.paused_until == paused.paused_until and still.consecutive_failures == 4
    assert await portal.claim() == []
    log = await webhooks.deliveries(webhook_id, None, None, 10)
    assert {d.status for d in log} == {"pending"}
    assert all(d.next_attempt_at is not None and d.next_attempt_at >= paused.paused_until for d in log)
    # once the pause is over, one delivery probes; its failure pauses again at once, twice as long (0.8 s)
    await asyncio.sleep(0.45)
    (probe,) = [c for c in await webhooks.claim(EVERYTHING, 60.0, caps) if c.webhook_id == webhook_id]
    await webhooks.finish(probe, SILENT, retry_in=0.0, breaker=breaker)
    again = await webhooks.get(portal.key_id, webhook_id)
    assert again is not None and again.paused_until is not None and again.consecutive_failures == 5
    assert 0.7 < (again.paused_until - paused.paused_until).total_seconds() < 3.0  # 0.45 s + 0.8 s - 0.4 s
    assert again.pause_reason == "5 consecutive failed attempts (the last: ReadTimeout)"
    assert await portal.claim() == []
    # a success closes the breaker: every head goes again
    await asyncio.sleep(0.85)
    (healed,) = [c for c in await webhooks.claim(EVERYTHING, 60.0, caps) if c.webhook_id == webhook_id]
    await webhooks.finish(healed, OK, retry_in=None, breaker=breaker)
    closed = await webhooks.get(portal.key_id, webhook_id)
    assert closed is not None
    assert (closed.consecutive_failures, closed.paused_until, closed.pause_reason) == (0, None, None)
    assert len([c for c in await webhooks.claim(EVERYTHING, 60.0, caps) if c.webhook_id == webhook_id]) == 3


async def test_failures_while_paused_add_no_pause(database: Database, portal: Portal) -> None:
    webhooks = database.webhooks
    webhook_id = await portal.endpoint(["*"])
    breaker = Breaker(failures=1, pause_seconds=30, max_pause_seconds=600)
    await taken_in(webhooks, [delivery(webhook_id, f"g{game}", 10 + game, 1) for game in range(3)])
    in_flight = await portal.claim()  # three sends at once, all of which time out
    assert len(in_flight) == 3
    for claimed in in_flight:
        await webhooks.finish(claimed, SILENT, retry_in=0.0, breaker=breaker)
    shown = await webhooks.get(portal.key_id, webhook_id)
    assert shown is not None and shown.paused_until is not None and shown.consecutive_failures == 3
    listed = {w.webhook_id: w for w in await webhooks.of_key(portal.key_id)}
    assert listed[webhook_id].paused_until == shown.paused_until
    # one pause of 30 s, not three growing ones
    created = listed[webhook_id].created_at
    assert (shown.paused_until - created).total_seconds() < 40


# --- `tapis webhooks resend`: given-up deliveries re-queued ---


async def test_given_up_deliveries_are_listed_and_requeued_by_endpoint_and_game(
    database: Database, portal: Portal
) -> None:
    webhooks = database.webhooks
    one, two = await portal.endpoint(["*"]), await portal.endpoint(["*"])
    g1, g2 = "g" + secrets.token_hex(6), "g" + secrets.token_hex(6)
    await taken_in(
        webhooks,
        [delivery(one, g1, 10, 1), delivery(one, g1, 11, 2), delivery(one, g2, 12, 1), delivery(two, g1, 10, 1)],
    )
    # every head is given up at its first attempt, except two's, delivered; then one's second event of g1
    for claimed in await portal.claim():
        ok = claimed.webhook_id == two
        await webhooks.finish(claimed, OK if ok else REFUSED, retry_in=None)
    (second,) = await portal.claim()
    assert (second.webhook_id, second.game_id, second.version) == (one, g1, 2)
    await webhooks.finish(second, REFUSED, retry_in=None)
    assert await portal.claim() == []

    def shown(found: list[GivenUp]) -> list[tuple[str, str, int, int, int | None]]:
        return [(g.webhook_id, g.game_id, g.version, g.attempts, g.last_status) for g in found]

    assert shown(await webhooks.given_up(one, None)) == [
        (one, g1, 1, 1, 503),
        (one, g1, 2, 1, 503),
        (one, g2, 1, 1, 503),
    ]
    assert shown(await webhooks.given_up(None, g2)) == [(one, g2, 1, 1, 503)]
    assert await webhooks.given_up(two, None) == []  # delivered is not given up
    assert await webhooks.given_up(one, "g" + secrets.token_hex(6)) == []
    # listing changes nothing
    assert shown(await webhooks.given_up(one, g1)) == [(one, g1, 1, 1, 503), (one, g1, 2, 1, 503)]

    requeued = await webhooks.requeue(one, g1)
    assert shown(requeued) == [(one, g1, 1, 1, 503), (one, g1, 2, 1, 503)]
    assert await webhooks.requeue(one, g1) == []  # pending now: not given up twice
    assert shown(await webhooks.given_up(one, None)) == [(one, g2, 1, 1, 503)]
    # sent again in order, the same delivery (so the same webhook-id), its attempt numbered on, its log kept
    (again,) = await portal.claim()
    assert (again.delivery_id, again.version, again.attempt) == (requeued[0].delivery_id, 1, 2)
    await webhooks.finish(again, OK, retry_in=None)
    (then,) = await portal.claim()
    assert (then.delivery_id, then.version, then.attempt) == (requeued[1].delivery_id, 2, 2)
    await webhooks.finish(then, OK, retry_in=None)
    log = await webhooks.deliveries(one, g1, None, 10)
    assert [(d.version, d.status, [a.status_code for a in d.attempts]) for d in log] == [
        (2, "delivered", [503, 204]),
        (1, "delivered", [503, 204]),
    ]


async def test_a_requeue_ends_the_endpoint_s_pause_and_skips_deleted_endpoints(
    database: Database, portal: Portal
) -> None:
    webhooks = database.webhooks
    paused, deleted = await portal.endpoint(["*"]), await portal.endpoint(["*"])
    breaker = Breaker(failures=1, pause_seconds=600, max_pause_seconds=600)
    await taken_in(webhooks, [delivery(paused, "g1", 10, 1), delivery(deleted, "g1", 10, 1)])
    for claimed in await portal.claim():
        await webhooks.finish(claimed, REFUSED, retry_in=None, breaker=breaker)
    shown = await webhooks.get(portal.key_id, paused)
    assert shown is not None and shown.paused_until is not None
    await webhooks.delete(portal.key_id, deleted)
    assert [g.webhook_id for g in await webhooks.given_up(None, "g1") if g.webhook_id in portal.endpoints] == [paused]
    assert [g.webhook_id for g in await webhooks.requeue(paused, None)] == [paused]
    assert await webhooks.requeue(deleted, None) == []
    # due at once although the pause had ten minutes to go; the breaker still counts the failure
    (probe,) = await portal.claim()
    assert probe.webhook_id == paused
    await webhooks.finish(probe, REFUSED, retry_in=None, breaker=breaker)
    again = await webhooks.get(portal.key_id, paused)
    assert again is not None and again.consecutive_failures == 2 and again.paused_until is not None
    assert [g.attempts for g in await webhooks.given_up(paused, None)] == [2]
