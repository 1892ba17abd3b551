"""`tapis serve --workers N`: N processes, each accepting on a listening socket of its own (`SO_REUSEPORT`).

Why: uvicorn's supervisor binds one socket and hands it to every worker. A worker's event loop, when it wakes,
accepts every connection waiting, and the worker that wakes first is usually the one that ran last. So connections
opened close together (a portal's pool of keep-alive connections, a proxy's upstream connections) land on one
worker: 16 connections opened one after another went 15 and 1, then 16 and 0, to the two workers of a
`tapis serve --workers 2`. That worker then did all the work while the other idled (docs/benchmarks.md, "Workers").
With a socket per worker, all in one `SO_REUSEPORT` group, the kernel picks the socket of each new connection from
a hash of its addresses and ports before any worker wakes: the connections spread evenly, whatever the workers are
doing.

The supervision is uvicorn's (`Multiprocess`: its health checks, a dead worker replaced, SIGHUP's rolling restart,
SIGTTIN and SIGTTOU for a worker more or fewer, SIGINT and SIGTERM). Only the socket a worker is given is ours:
worker i always gets socket i, and a replacement its predecessor's; a worker added gets a new socket in the group,
and a worker removed takes its socket out of it. The parent holds every socket open and listening, so the
connections that arrive while a worker is being replaced wait in its socket's queue; none is refused.

And nothing else can join the group by mistake: `SO_REUSEPORT` lets any process of the same user bind a port that
sockets with the option hold, and another `tapis serve` started on the same port would then share its traffic
silently. So the port is bound once without the option first, which fails, as a single socket always did, when
anything listens there already.
"""

from __future__ import annotations

import logging
import socket
import sys

from uvicorn.config import STARTUP_FAILURE, Config
from uvicorn.supervisors.multiprocess import Multiprocess, Process

from api.shutdown import DrainingProcess

logger = logging.getLogger("uvicorn.error")


def _socket(family: socket.AddressFamily, reuse_port: bool) -> socket.socket:
    sock = socket.socket(family=family)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn: a port in TIME_WAIT is free
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    return sock


def group_socket(family: socket.AddressFamily, address: tuple[str, int], backlog: int) -> socket.socket:
    """One more socket listening on `address` in its `SO_REUSEPORT` group, to be handed to a worker."""
    sock = _socket(family, reuse_port=True)
    try:
        sock.bind(address)
        sock.listen(backlog)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def worker_sockets(host: str, port: int, count: int, backlog: int) -> list[socket.socket]:
    """`count` sockets listening on `host`:`port` in one `SO_REUSEPORT` group (port 0: one the kernel picks).
    OSError when the port is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with _socket(family, reuse_port=False) as probe:
        probe.bind((host, port))  # taken (by anything listening there, a Tapis with these sockets too): refused
        port = probe.getsockname()[1]
    sockets: list[socket.socket] = []
    try:
        for _ in range(count):
            sockets.append(group_socket(family, (host, port), backlog))
    except OSError:
        for sock in sockets:
            sock.close()
        raise
    return sockets


class SocketPerWorker(Multiprocess):
    """uvicorn's supervisor, worker i on `sockets[i]`. The methods that start or stop a worker are uvicorn's (0.54),
    with `Process(config, sockets)` given the worker's own socket, and SIGTTIN and SIGTTOU (one worker more or
    less) opening or closing a socket with it: a socket left without its worker would keep the connections the
    kernel hashes to it waiting for ever. The rest is inherited unchanged.

    Each worker runs `api.shutdown.DrainingServer` (unready at its signal, `shutdown_delay` seconds before it
    closes, its live streams told to reconnect). A restarted worker has `start_timeout` seconds to be ready (uvicorn
    gives it its health-check timeout, 5 s: less than a loaded host takes to import the app and open its pools, and
    the rolling restart then stopped half done)."""

    def __init__(
        self, config: Config, sockets: list[socket.socket], start_timeout: float = 60.0, shutdown_delay: float = 0.0
    ) -> None:
        if len(sockets) != config.workers:
            raise ValueError(f"{config.workers} workers need as many sockets, not {len(sockets)}")
        super().__init__(config, sockets)
        self.start_timeout = start_timeout
        self.shutdown_delay = shutdown_delay
        # the workers that have answered a health check once: until then a worker is still importing the app (its
        # answering thread starts after that, seconds under load) and gets `start_timeout`, not the check's timeout
        self.answered: set[int | None] = set()

    def _process(self, slot: int) -> Process:
        return DrainingProcess(self.config, [self.sockets[slot]], self.shutdown_delay)

    def init_processes(self) -> None:
        for slot in range(self.processes_num):
            process = self._process(slot)
            process.start()
            self.processes.append(process)

    def restart_all(self) -> None:
        """Each worker replaced in turn by one on its socket, brought into service before the old one retires."""
        for idx, old_process in enumerate(self.processes):
            if self.should_exit.is_set():
                return
            new_process = self._process(idx)
            new_process.start()
            if not new_process.wait_until_ready(self.start_timeout, self.should_exit):
                new_process.kill()
                new_process.join()
                if not self.should_exit.is_set():
                    logger.error(
                        "New child process [%s] was not ready in time; keeping worker [%s] and aborting the restart.",
                        new_process.pid,
                        old_process.pid,
                    )
                return
            old_process.terminate()
            old_process.join()
            self.processes[idx] = new_process

    def keep_subprocess_alive(self) -> None:
        if self.should_exit.is_set():
            return
        for idx, process in enumerate(self.processes):
            started = process.pid in self.answered
            if process.is_alive(timeout=self.config.timeout_worker_healthcheck if started else self.start_timeout):
                self.answered.add(process.pid)
                continue
            process.kill()  # hung: gone for good
            process.join()
            if process.exitcode == STARTUP_FAILURE:
                # it failed before serving (the app, the settings): every replacement would fail the same way
                logger.error("Child process [%s] failed to start, stopping the parent process.", process.pid)
                self.should_exit.set()
                return
            if self.should_exit.is_set():
                return
            logger.info("Child process [%s] died", process.pid)
            replacement = self._process(idx)
            replacement.start()
            self.processes[idx] = replacement

    def handle_ttin(self) -> None:
        logger.info("Received SIGTTIN, increasing the number of processes.")
        first = self.sockets[0]
        try:
            sock = group_socket(first.family, first.getsockname()[:2], self.config.backlog)
        except OSError as exc:
            logger.error("No socket for another worker, the number of processes stays %d: %s", self.processes_num, exc)
            return
        self.sockets.append(sock)
        self.processes_num += 1
        process = self._process(len(self.processes))
        process.start()
        self.processes.append(process)

    def handle_ttou(self) -> None:
        logger.info("Received SIGTTOU, decreasing number of processes.")
        if self.processes_num <= 1:
            logger.info("Already reached one process, cannot decrease the number of processes anymore.")
            return
        self.processes_num -= 1
        process = self.processes.pop()
        sock = self.sockets.pop()
        process.terminate()  # it stops accepting, answers what it holds, then exits
        process.join()
        sock.close()  # out of the group: new connections go to the other sockets


def run_workers(config: Config, start_timeout: float = 60.0, shutdown_delay: float = 0.0) -> None:
    """What `uvicorn.run` does for `workers > 1`, with a socket per worker."""
    try:
        sockets = worker_sockets(config.host, config.port, config.workers, config.backlog)
    except OSError as exc:
        logger.error(exc)
        sys.exit(STARTUP_FAILURE)
    address = sockets[0].getsockname()
    host = f"[{address[0]}]" if ":" in address[0] else address[0]
    logger.info("Uvicorn running on http://%s:%d, %d workers (Press CTRL+C to quit)", host, address[1], config.workers)
    try:
        SocketPerWorker(config, sockets, start_timeout, shutdown_delay).run()
    except KeyboardInterrupt:  # as uvicorn.run: the workers were stopped already
        pass
    finally:
        for sock in sockets:
            sock.close()
