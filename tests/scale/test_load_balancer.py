"""Three `tapis serve` processes behind a real nginx (docs/deploy.md, "Several API processes behind a load balancer").

The processes share one Postgres database and one Redis database; nginx spreads requests over them round-robin.
Three people play a six-nimmt game through the balancer, each in a thread of its own, while a spectator follows the
live stream, hanging up every few events and resuming with `Last-Event-ID`, so that its connections land on every
process. One process is SIGKILLed mid-game; the players keep playing (nginx passes a request the dead process did
not answer to the next one, `proxy_next_upstream ... non_idempotent`, which is safe because every command carries an
`Idempotency-Key`), the spectator's broken stream resumes on a survivor, and the game ends. The event log then holds
exactly the commands that were acknowledged, each once, and the spectator saw every version once, in order.

Which process served a request: the `X-Upstream` header nginx adds (the last address of `$upstream_addr`), checked
against nginx's own access log.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from infra.embedded import ServiceUrls
from tests import local_http
from tests.e2e.conftest import free_port, start_server, stop_server

NGINX = Path("/usr/sbin/nginx")
pytestmark = [
    pytest.mark.scale,
    pytest.mark.skipif(not NGINX.exists(), reason="nginx is not installed (/usr/sbin/nginx): apt-get install -y nginx"),
]
PROCESSES = 3
ONE_ROUND = {"end": {"kind": "rounds", "rounds": 1}}
EVENTS_PER_STREAM = 6  # the spectator hangs up after this many events and resumes on whichever process comes next
KILL_AFTER = 8  # acknowledged commands before one process is killed: mid-game (a one-round game has about 30)
RETRIES = 10  # a client's own retries of a request nginx could not pass to any process (502), same key
GAME_SECONDS = 45.0


def nginx_config(root: Path, port: int, upstreams: list[str]) -> str:
    """docs/deploy.md's configuration, with its paths in `root` (its own pid file, logs and temp directories)."""
    servers = "\n".join(f"        server {u} max_fails=1 fail_timeout=30s;" for u in upstreams)
    # as root, nginx's workers would run as `nobody`, who cannot write this test's directories
    user = "user root;\n" if os.geteuid() == 0 else ""
    return f"""{user}worker_processes 1;
daemon off;
pid {root}/nginx.pid;
error_log {root}/error.log notice;
events {{ worker_connections 1024; }}
http {{
    client_body_temp_path {root}/body;
    proxy_temp_path {root}/proxy;
    fastcgi_temp_path {root}/fastcgi;
    uwsgi_temp_path {root}/uwsgi;
    scgi_temp_path {root}/scgi;
    log_format tapis '$msec|$request_method|$uri|$status|$upstream_addr|$upstream_status|$http_idempotency_key';
    access_log {root}/access.log tapis;

    upstream tapis {{
{servers}
        keepalive 32;
    }}
    server {{
        listen 127.0.0.1:{port};
        add_header X-Upstream $upstream_addr always;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_connect_timeout 2s;
        # a process that is gone (refused, reset, no answer) or answers 502/503: the next one, POST included
        proxy_next_upstream error timeout http_502 http_503 non_idempotent;
        proxy_next_upstream_tries 3;

        location / {{
            proxy_pass http://tapis;
            proxy_read_timeout 30s;
        }}
        location = /metrics {{
            deny all;
        }}
        location ~ ^/v1/games/[^/]+/stream$ {{
            proxy_pass http://tapis;
            proxy_buffering off;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""


@dataclass
class Balancer:
    base: str
    root: Path
    processes: dict[str, subprocess.Popen[bytes]]  # by "127.0.0.1:<port>", as nginx names them

    def access_log(self) -> list[dict[str, Any]]:
        lines = (self.root / "access.log").read_text().splitlines()
        entries = []
        for line in lines:
            msec, method, uri, status, upstreams, upstream_status, key = line.split("|")
            entries.append(
                {
                    "at": float(msec),
                    "method": method,
                    "uri": uri,
                    "status": int(status),
                    "upstreams": upstreams.split(", "),
                    "upstream_status": upstream_status,
                    "key": key,
                }
            )
        return entries


@pytest.fixture
def balancer(migrated: ServiceUrls, tmp_path: Path) -> Iterator[Balancer]:
    # as docs/deploy.md says: nginx is a trusted proxy (its connections are not capped per address, and the clients
    # are told apart by X-Forwarded-For; start_server turns the rates off, as for every test). One after the other:
    # three importing the app at once on a busy machine outlast start_server's wait. Each is stopped on the way out
    # whatever fails after it started (another's start, nginx's, the test)
    with contextlib.ExitStack() as started:
        processes: dict[str, subprocess.Popen[bytes]] = {}
        for _ in range(PROCESSES):
            process, base = start_server(migrated, {"TAPIS_TRUSTED_PROXIES": "127.0.0.1"})
            started.callback(stop_if_running, process)
            processes[base.removeprefix("http://")] = process
        port = free_port()
        config = tmp_path / "nginx.conf"
        config.write_text(nginx_config(tmp_path, port, list(processes)))
        nginx = subprocess.Popen(
            [str(NGINX), "-p", str(tmp_path), "-e", str(tmp_path / "error.log"), "-c", str(config)]
        )
        started.callback(stop_nginx, nginx)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 10
        while True:
            try:
                if local_http.get(f"{base}/v1/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert nginx.poll() is None, (tmp_path / "error.log").read_text()
            assert time.monotonic() < deadline, "nginx did not answer"
            time.sleep(0.1)
        yield Balancer(base, tmp_path, processes)


def stop_if_running(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        stop_server(process)


def stop_nginx(nginx: subprocess.Popen[bytes]) -> None:
    nginx.send_signal(signal.SIGQUIT)  # a graceful stop
    try:
        nginx.wait(timeout=10)
    except subprocess.TimeoutExpired:
        nginx.kill()
        nginx.wait()


def served_by(response: httpx.Response) -> str:
    """The process that answered: the last one nginx tried."""
    return response.headers["x-upstream"].split(", ")[-1]


@dataclass
class Ack:
    seat: int
    key: str
    move: dict[str, Any]
    accepted_at: int  # the version of the command's CommandAccepted event
    upstream: str
    at: float


@dataclass
class Table:
    """What the threads share: the acknowledged commands, the stream's connections and versions, the kill."""

    base: str
    game_id: str
    acks: list[Ack] = field(default_factory=list)
    refused: list[int] = field(default_factory=list)
    gateway_errors: int = 0
    streams: list[tuple[str, float, int]] = field(default_factory=list)  # (upstream, opened at, events read)
    broken_streams: int = 0
    current_stream: str | None = None  # the process serving the spectator's open stream
    hold: threading.Event = field(default_factory=threading.Event)  # set: keep the open stream, the kill is coming
    seen: list[int] = field(default_factory=list)
    killed_at: float | None = None
    finished: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)


def send(table: Table, http: httpx.Client, method: str, url: str, **kwargs: Any) -> httpx.Response:
    """A request, tried again as it was (same Idempotency-Key) while no process could answer it."""
    for _ in range(RETRIES):
        try:
            response = http.request(method, url, **kwargs)
        except httpx.TransportError:
            time.sleep(0.2)
            continue
        if response.status_code not in {502, 503, 504}:
            return response
        with table.lock:
            table.gateway_errors += 1
        time.sleep(0.2)
    raise AssertionError(f"{method} {url}: no process answered {RETRIES} times")


def player(table: Table, seat: int, token: str) -> None:
    draws = random.Random(seat)
    auth = {"Authorization": f"Bearer {token}"}
    deadline = time.monotonic() + GAME_SECONDS
    with local_http.client(base_url=table.base, timeout=10) as http:
        while not table.finished.is_set() and time.monotonic() < deadline:
            moves = send(table, http, "GET", f"/v1/games/{table.game_id}/legal-moves", headers=auth)
            assert moves.status_code == 200, moves.text
            options = moves.json()["moves"]
            if not options:
                view = send(table, http, "GET", f"/v1/games/{table.game_id}")
                if view.json()["status"] != "active":
                    return
                time.sleep(0.05)
                continue
            move = options[draws.randrange(len(options))]
            key = str(uuid.uuid4())
            sent = send(
                table,
                http,
                "POST",
                f"/v1/games/{table.game_id}/commands",
                json=move,
                headers={**auth, "Idempotency-Key": key},
            )
            if sent.status_code in {409, 422}:
                # decided on legal moves read a moment late (the round moved on meanwhile): refused, not recorded
                with table.lock:
                    table.refused.append(seat)
                continue
            assert sent.status_code == 200, sent.text
            accepted = [e for e in sent.json()["events"] if e["type"] == "CommandAccepted"]
            assert len(accepted) == 1, sent.text
            with table.lock:
                table.acks.append(Ack(seat, key, move, accepted[0]["version"], served_by(sent), time.monotonic()))


def spectator(table: Table) -> None:
    last = 0
    deadline = time.monotonic() + GAME_SECONDS
    with local_http.client(base_url=table.base, timeout=httpx.Timeout(10, read=20)) as http:
        while time.monotonic() < deadline:
            upstream, read, ended, opened = "", 0, False, 0.0
            try:
                with http.stream(
                    "GET", f"/v1/games/{table.game_id}/stream", headers={"Last-Event-ID": str(last)}
                ) as stream:
                    if stream.status_code != 200:
                        time.sleep(0.2)
                        continue
                    upstream = served_by(stream)
                    opened = time.monotonic()
                    with table.lock:
                        table.current_stream = upstream
                    data: dict[str, Any] | None = None
                    for line in stream.iter_lines():
                        if line.startswith("data: "):
                            data = json.loads(line[6:])
                        elif line == "" and data is not None:
                            with table.lock:
                                table.seen.append(data["version"])
                            last, read = data["version"], read + 1
                            ended = data["type"] == "GameEnded"
                            data = None
                            # leaving and no longer being the stream to kill are one step under the lock, which
                            # the killer takes to read the victim: else it could kill a stream just left
                            with table.lock:
                                leaving = ended or (read >= EVENTS_PER_STREAM and not table.hold.is_set())
                                if leaving:
                                    table.current_stream = None
                            if leaving:
                                break
            except httpx.TransportError:
                # its process was killed: resume after the last event read, on another one
                with table.lock:
                    table.broken_streams += 1
                table.hold.clear()
            table.current_stream = None
            if upstream:
                with table.lock:
                    table.streams.append((upstream, opened, read))
            if ended:
                table.finished.set()
                return


def test_a_game_through_nginx_over_three_processes_survives_one_killed(balancer: Balancer) -> None:
    with local_http.client(base_url=balancer.base, timeout=10) as http:
        # /metrics stays private: refused through nginx, served on a process' own port (the scraper's way)
        assert http.get("/metrics").status_code == 403
        assert local_http.get(f"http://{next(iter(balancer.processes))}/metrics").status_code == 200
        created = http.post("/v1/games", json={"game": "six-nimmt", "players": 3, "options": ONE_ROUND})
        assert created.status_code == 201, created.text
        game_id, admin = created.json()["game_id"], created.json()["admin_token"]
        tokens = []
        for name in ("ann", "bob", "cy"):
            joined = http.post(f"/v1/games/{game_id}/seats", json={"name": name})
            assert joined.status_code == 201, joined.text
            tokens.append(joined.json()["player_token"])
        started = http.post(f"/v1/games/{game_id}/start", headers={"Authorization": f"Bearer {admin}"})
        assert started.status_code == 200, started.text

    table = Table(balancer.base, game_id)
    threads = [threading.Thread(target=spectator, args=(table,), name="spectator")]
    threads += [threading.Thread(target=player, args=(table, s, t), name=f"seat {s}") for s, t in enumerate(tokens)]
    errors: list[BaseException] = []

    def hook(args: threading.ExceptHookArgs) -> None:
        errors.append(args.exc_value or RuntimeError("a thread failed"))

    previous, threading.excepthook = threading.excepthook, hook
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + GAME_SECONDS
        everyone = set(balancer.processes)

        def spread() -> bool:
            """Commands and stream connections have reached every process (round-robin, but the requests of four
            clients interleave as they come, so that takes a few of each)."""
            with table.lock:
                commands = {a.upstream for a in table.acks}
                streams = {upstream for upstream, _, _ in table.streams} | {table.current_stream}
            return len(table.acks) >= KILL_AFTER and commands == everyone and streams >= everyone

        while not spread() and not errors:
            assert time.monotonic() < deadline and not table.finished.is_set(), (table.acks, table.streams)
            time.sleep(0.02)
        # mid-game, while the players keep sending, the process holding the spectator's stream: no goodbye, its
        # connections die with it
        victim: str | None = None
        while victim is None:
            assert time.monotonic() < deadline, "the spectator holds no stream"
            with table.lock:  # from here the spectator keeps the stream it holds (see spectator())
                table.hold.set()
                victim = table.current_stream
            if victim is None:
                time.sleep(0.01)
        table.killed_at = time.monotonic()
        balancer.processes[victim].send_signal(signal.SIGKILL)
        balancer.processes[victim].wait(timeout=10)
        for thread in threads:
            thread.join(timeout=GAME_SECONDS + 15)
    finally:
        threading.excepthook = previous
    assert not errors, errors
    assert all(not t.is_alive() for t in threads), "the game did not finish"
    assert table.finished.is_set()

    with local_http.client(base_url=balancer.base, timeout=10) as http:
        view = http.get(f"/v1/games/{game_id}").json()
        assert view["status"] == "finished"
        log = http.get(f"/v1/games/{game_id}/events", params={"limit": 1000}).json()["events"]
    assert [e["version"] for e in log] == list(range(1, view["version"] + 1))

    # no acknowledged command lost or doubled: the players' CommandAccepted events are the acknowledged commands,
    # each once, with what was sent
    recorded = {
        e["version"]: e["data"]["command"]
        for e in log
        if e["type"] == "CommandAccepted" and e["data"]["by"] == "player" and e["data"]["command"]["action"] == "play"
    }
    acked = {a.accepted_at: a for a in table.acks}
    assert len(acked) == len(table.acks) and sorted(recorded) == sorted(acked)
    for version, ack in acked.items():
        assert recorded[version] == {"action": "play", "seat": ack.seat, "command": ack.move}

    # the spectator saw every version exactly once, in order, across its connections
    assert table.seen == list(range(1, view["version"] + 1))

    # before the kill, commands and stream connections went to all three processes; after it, to the other two
    assert table.killed_at is not None
    before = [a for a in table.acks if a.at < table.killed_at]
    after = [a for a in table.acks if a.at > table.killed_at]
    assert {a.upstream for a in before} == everyone, [a.upstream for a in before]
    assert after and {a.upstream for a in after} <= everyone - {victim}
    streams_before = {upstream for upstream, opened, _ in table.streams if opened < table.killed_at}
    assert streams_before == everyone, table.streams
    assert table.broken_streams == 1  # the stream the kill broke, resumed on another process
    assert any(opened > table.killed_at for _, opened, _ in table.streams)
    # nginx hid the death from the players: what the dead process did not answer went to another one
    assert table.gateway_errors == 0

    # nginx's own record agrees: its access log names the three processes for the commands and the streams
    entries = balancer.access_log()
    commands = [e for e in entries if e["method"] == "POST" and e["uri"].endswith("/commands")]
    assert {e["upstreams"][-1] for e in commands if e["status"] == 200} == everyone
    assert {e["upstreams"][-1] for e in entries if e["uri"].endswith("/stream")} == everyone
    assert len([e for e in commands if e["status"] == 200]) >= len(table.acks)
    print(
        f"{len(table.acks)} commands acknowledged ({len(after)} after the kill), {len(table.refused)} refused as late,"
        f" {table.gateway_errors} 502s retried by the clients,"
        f" {sum(len(e['upstreams']) > 1 for e in entries)} requests nginx passed on to another process,"
        f" {len(table.streams)} stream connections ({table.broken_streams} broken by the kill)"
    )
