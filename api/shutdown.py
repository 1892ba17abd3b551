"""Graceful shutdown: what a process does between the signal that stops it and its exit (docs/operations.md).

uvicorn, on SIGTERM or SIGINT, closes its listening sockets at once, lets the requests in progress finish (for
ever, unless `timeout_graceful_shutdown` bounds it), then runs the app's lifespan shutdown. Three things were
missing for a deploy that loses nothing:

1. **Readiness first.** The readiness probe must fail before the process stops accepting, so that whatever routes
   to it (an orchestrator's endpoints, a load balancer) stops sending new requests while it still answers them.
   On the first signal the process is `draining` (`/v1/health/ready` says 503 `shutting_down`), and keeps serving
   for `TAPIS_SHUTDOWN_DELAY_SECONDS` (0 by default: no orchestrator is known to be watching) before it closes.
2. **Live streams end.** A server-sent events stream never finishes by itself, so uvicorn would wait on it until
   the timeout and then cut it. When the process closes, every stream is sent an SSE `retry:` (how long to wait
   before reconnecting) and ended; the client reconnects, to another process, with `Last-Event-ID`, and misses
   nothing (services/live.py).
3. **A bound.** `TAPIS_SHUTDOWN_TIMEOUT_SECONDS` (uvicorn's `timeout_graceful_shutdown`): requests still running
   after it are cancelled, so a stuck one cannot hold a rolling restart for ever.

A second signal during the delay closes at once; a second SIGINT while closing exits without waiting (uvicorn's).
"""

from __future__ import annotations

import logging
import signal
import socket
import time
from collections.abc import Callable
from types import FrameType

import uvicorn
from uvicorn.supervisors.multiprocess import Process

logger = logging.getLogger("uvicorn.error")


class ShutdownState:
    """This process's shutdown, as the app sees it: `draining` once a stop was asked for, and the callbacks to run
    when it closes (the live streams' `close_all`)."""

    def __init__(self) -> None:
        self.draining = False
        self.closed = False
        self._on_close: list[Callable[[], None]] = []

    def on_close(self, callback: Callable[[], None]) -> None:
        self._on_close.append(callback)

    def forget(self, callback: Callable[[], None]) -> None:
        if callback in self._on_close:
            self._on_close.remove(callback)

    def drain(self) -> None:
        self.draining = True

    def close(self) -> None:
        self.draining = True
        if self.closed:
            return
        self.closed = True
        for callback in list(self._on_close):
            callback()


SHUTDOWN = ShutdownState()  # one per process: uvicorn serves one app per process


class DrainingServer(uvicorn.Server):
    """uvicorn's server with the shutdown above: readiness fails at the first signal, the listening sockets close
    `delay` seconds later, then the live streams are told to reconnect, then uvicorn's bounded wait."""

    def __init__(self, config: uvicorn.Config, delay: float = 0.0, state: ShutdownState = SHUTDOWN) -> None:
        super().__init__(config)
        self.delay = delay
        self.state = state
        self._close_at: float | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self._close_at is None and not self.should_exit:
            self._captured_signals.append(sig)  # re-raised after serving, as uvicorn does
            self.state.drain()
            self._close_at = time.monotonic() + self.delay
            logger.info("Received %s: not ready from now, closing in %.1f s", signal.Signals(sig).name, self.delay)
            return
        super().handle_exit(sig, frame)

    async def on_tick(self, counter: int) -> bool:
        if self._close_at is not None and time.monotonic() >= self._close_at:
            self.should_exit = True
        return await super().on_tick(counter)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        # stop accepting before the streams are ended: a client reconnecting at once must reach another process
        for server in getattr(self, "servers", []):
            server.close()
        self.state.close()
        await super().shutdown(sockets)


class DrainingProcess(Process):
    """A worker of `tapis serve --workers N` (api/workers.py) running the server above."""

    def __init__(self, config: uvicorn.Config, sockets: list[socket.socket], delay: float) -> None:
        self.delay = delay
        super().__init__(config, sockets)

    def target(self, sockets: list[socket.socket] | None = None) -> None:  # in the worker
        from api.logs import configure_logging
        from infra.settings import Settings

        # uvicorn configured its own handlers in this new process: its lines before the app's start in JSON too
        settings = Settings.from_env()
        configure_logging(settings.log_level, settings.log_format, request_sample=settings.request_log_sample)
        super().target(sockets)

    @property
    def server(self) -> uvicorn.Server:
        if self._server is None:
            self._server = DrainingServer(self.config, self.delay)
        return self._server
