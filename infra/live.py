"""Redis pub/sub wake-ups for live streams: every projection write announces the game's new version.

Every process that saves a projection (after a command, or in the catch-up projector) publishes, so a
stream on any API process wakes up whichever process appended.

One subscriber per process: `RedisWakeups` holds a single pub/sub connection, subscribed to the pattern of every
game's channel, and fans each message out in memory to the streams of this process that follow that game (an
`asyncio.Event` each). Before, each stream held a pub/sub connection of its own: past the client's pool of 100
connections every stream opened later (and every projection write) was refused one ("Too many connections"), and a
new stream's events came only with its heartbeat read, 15 s late. The subscriber runs while the process has a
stream, subscribes again after a Redis error, and wakes every stream when it loses or regains Redis (a wake-up
may have been lost meanwhile); without Redis the streams read the store once per heartbeat interval.

On a Redis Cluster the projections publish each new version on the game's shard channel (`Layout.channel`, the game
id as the message: sharded pub/sub has no patterns), and the subscriber follows every shard's channel
(infra/cluster_pubsub.py): SSUBSCRIBE on each channel's primary on Redis 7, SUBSCRIBE on one node on Redis 6.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from redis.asyncio.cluster import RedisCluster

from infra.cluster_pubsub import ShardSubscription
from infra.projections import Layout, RedisProjections, layout_of
from infra.redis_client import REDIS_ERRORS, Client

# short reads: the client's socket timeout (0.5 s) must not fire inside a blocking read
SLICE = 0.25
PREFIX = "tapis:live:"
PATTERN = PREFIX + "*"
RESUBSCRIBE_SECONDS = 1.0
# how long a new stream waits for the subscriber's first answer (connected, or failed) before reading the store
READY_SECONDS = 2.0

log = logging.getLogger("tapis.live")


def channel(game_id: str) -> str:
    return f"{PREFIX}{game_id}"


class PublishingProjections(RedisProjections):
    """Projections that wake the live streams of a game on every new version."""

    def __init__(self, client: Client, layout: Layout | None = None) -> None:
        super().__init__(client, channel=channel, layout=layout, publish=True)


class Listener:
    """One stream's wake-ups. Wake-ups that came while the stream was busy are kept (as pub/sub keeps messages
    until they are read); several of them make one wake-up (the stream reads the store once for all of them)."""

    def __init__(self, hub: RedisWakeups) -> None:
        self._hub = hub
        self._moved = asyncio.Event()

    def wake(self) -> None:
        self._moved.set()

    async def wait(self, seconds: float) -> bool:
        if seconds <= 0:
            return False
        connected = self._hub.connected
        try:
            await asyncio.wait_for(self._moved.wait(), timeout=seconds)
        except TimeoutError:
            # without a subscription a move may have gone unheard: the stream reads the store once per interval
            return not connected
        self._moved.clear()
        return True


class RedisWakeups:
    """The process's one pub/sub subscriber and the streams it wakes, by game."""

    def __init__(
        self, client: Client, resubscribe_seconds: float = RESUBSCRIBE_SECONDS, layout: Layout | None = None
    ) -> None:
        self._client = client
        self._layout = layout or layout_of(client)
        self._resubscribe = resubscribe_seconds
        self._listeners: dict[str, set[Listener]] = {}
        self._task: asyncio.Task[None] | None = None
        self._settled = asyncio.Event()  # the subscriber has connected, or failed to, at least once
        self.connected = False  # subscribed to every game's channel right now
        self.subscriptions = 0  # pub/sub connections opened so far (the tests count them)

    @property
    def streams(self) -> int:
        return sum(len(s) for s in self._listeners.values())

    @contextlib.asynccontextmanager
    async def subscribe(self, game_id: str) -> AsyncIterator[Listener]:
        listener = Listener(self)
        self._listeners.setdefault(game_id, set()).add(listener)
        try:
            if self._task is None or self._task.done():
                self._settled = asyncio.Event()
                self._task = asyncio.create_task(self._follow(), name="tapis-live-wakeups")
            # before the stream's first read: a move after it is heard (or, without Redis, read within an interval)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._settled.wait(), timeout=READY_SECONDS)
            yield listener
        finally:
            listeners = self._listeners.get(game_id)
            if listeners is not None:
                listeners.discard(listener)
                if not listeners:
                    del self._listeners[game_id]
            if not self._listeners:
                await self.aclose()  # the last stream of the process has gone: so does the subscriber

    async def aclose(self) -> None:
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._task is None:  # no stream came meanwhile to start another subscriber
            self.connected = False

    def _wake_all(self) -> None:
        for listeners in self._listeners.values():
            for listener in listeners:
                listener.wake()

    def _dispatch(self, message: dict[str, Any]) -> None:
        name = message.get("channel")
        text = name.decode() if isinstance(name, bytes) else str(name)
        for listener in self._listeners.get(text.removeprefix(PREFIX), ()):
            listener.wake()

    def _wake_game(self, game_id: str) -> None:
        for listener in self._listeners.get(game_id, ()):
            listener.wake()

    async def _follow(self) -> None:
        if self._layout.cluster and isinstance(self._client, RedisCluster):
            await self._follow_shards(self._client)
            return
        lost = False  # a subscription failed since the streams last heard from this one
        while True:
            pubsub = self._client.pubsub()
            self.subscriptions += 1
            try:
                await pubsub.psubscribe(PATTERN)
                while (confirmed := await pubsub.get_message(timeout=SLICE)) is None or confirmed[
                    "type"
                ] != "psubscribe":
                    pass
                self.connected = True
                self._settled.set()
                if lost:
                    self._wake_all()  # whatever moved while there was no subscription is read now
                    lost = False
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=SLICE)
                    if message is not None and message.get("type") == "pmessage":
                        self._dispatch(message)
            except Exception as exc:  # Redis gone, or anything else: the streams must not wait on a dead subscriber
                if isinstance(exc, REDIS_ERRORS):
                    log.info("live wake-ups lost Redis (%s): streams read the store each interval meanwhile", exc)
                else:
                    log.exception("live wake-ups failed; subscribing again")
                self.connected = False
                self._wake_all()
                self._settled.set()
                lost = True
            finally:
                with contextlib.suppress(*REDIS_ERRORS):
                    await pubsub.aclose()
            await asyncio.sleep(self._resubscribe)

    async def _follow_shards(self, client: RedisCluster) -> None:
        """As `_follow`, on a cluster: every shard's channel, the message naming the game."""
        lost = False
        while True:
            self.subscriptions += 1
            try:
                async with ShardSubscription(client, self._layout.channels(), refresh=lost) as subscription:
                    self.connected = True
                    self._settled.set()
                    if lost:
                        self._wake_all()
                        lost = False
                    while True:
                        message = await subscription.get_message(SLICE)
                        if message is not None:
                            self._wake_game(message[1])
            except Exception as exc:
                if isinstance(exc, REDIS_ERRORS):
                    log.info("live wake-ups lost Redis (%s): streams read the store each interval meanwhile", exc)
                else:
                    log.exception("live wake-ups failed; subscribing again")
                self.connected = False
                self._wake_all()
                self._settled.set()
                lost = True
            await asyncio.sleep(self._resubscribe)
