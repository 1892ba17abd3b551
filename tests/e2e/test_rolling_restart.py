"""A zero-downtime deploy of a release with a migration (issue 29), as `tapis serve --workers 2` and `tapis migrate`
do it, while 16 clients play and 8 live streams listen.

The server runs from a release directory (`release_directory`: the checkout's files, linked), as a deploy that
replaces the code in place and then sends SIGHUP sees it. The deploy:

1. the next release is shipped: this release's code and one revision more, one past its head (NEXT_RELEASE: an
   expand by docs/migrations.md, a nullable column added to `games` and an index built CONCURRENTLY on `events`
   through infra/online_ddl.py);
2. the next release's `tapis migrate` runs on the live database (its lock_timeout, its retries), games going on;
3. each old worker must then answer ready on that revision: the schema window of infra/schema_window.py;
4. SIGHUP replaces the workers one by one (api/workers.py), each old one shutting down gracefully (api/shutdown.py);
   the new ones import the new release (their readiness names its head, the new revision) and must be ready; a
   second SIGHUP does it again on the new schema;
5. at the end, whatever happened, the revision is downgraded and anything of it left removed: the session's
   database is as the test found it.

The clients: 8 two-player games of six-nimmt at once, one client (a thread with its own connection and its own
player token) per seat, so 16 players; each game followed from version 1 by one live stream, so 8 streams. One
thread per seat rather than 16 one-thread games: the two seats of a game choose their cards at once (six-nimmt's
secret choice), so commands of one game race each other across the restarts, and every command any client sends
is checked on a stream. Nothing may be lost:

- no command fails: a command whose connection is cut (an old worker closed it) is sent again with the same
  `Idempotency-Key`, as a client should, and must then get the first answer or be applied; any other answer than a
  200 is a failure;
- no stream loses or repeats an event: a stream the shutdown ends (its `retry:`) or cuts is opened again with the
  last id it saw (`Last-Event-ID`), and the ids it shows over the whole game are 1, 2, ... the game's last version,
  each once;
- every worker stays ready (`/v1/health/ready` 200) except while it shuts down: a prober opens a new connection five
  times a second, finds which worker accepted it (/proc), then asks; a 503 is allowed only from a worker being
  replaced, during its rolling restart, and only for `process` (shutting down); each worker of every generation
  must be seen ready;
- the supervisor's log lines are JSON, as the workers' are, and no worker died or failed to start.

Joining and starting a game take no idempotency key: a client whose join was cut looks at the game first and sends
it again only if its seat is still free (a seat taken by its lost answer is a token lost: that table then leaves
the game in the lobby and creates another, counted, not a failure: the issue's check is on game commands).

About 50 s on the shared 2-core machine: marked `slow` (`make test-slow-servers`, which CI runs).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest

from infra.embedded import ServiceUrls
from infra.migrate import head_revision
from tests import local_http
from tests.e2e.client import bearer
from tests.e2e.conftest import ROOT, free_port, stop_server
from tests.e2e.test_workers import socket_inodes, wait_for_workers, workers_of

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

TABLES = 8  # two-player games at once, one client per seat (16 players), each game followed by a stream (8)
RESTARTS = 2  # rolling restarts: the first after the next release's migration, the second on its schema
ROUNDS = {"end": {"kind": "rounds", "rounds": 2}}
# a player's pause before each move: games of several seconds, so that every restart finds streams open (at full
# speed a game ended within the old worker's shutdown delay, and its stream with it)
THINK = 0.05
POLL = 0.05  # a seat the game is not waiting for looks again after this
CUT = (httpx.TransportError,)  # a connection refused, reset or closed under a request: the request is sent again
PROBE_EVERY = 0.2  # seconds between readiness probes
SEEN_WITHIN = 60.0  # seconds for each worker of a generation to be seen ready by the prober

COLUMN = "next_release_note"  # what the next release's expand adds
INDEX = "events_next_release"
NEXT_RELEASE = '''"""The next release's expand (tests/e2e/test_rolling_restart.py writes it into its release directory).

Revision ID: {revision}
Revises: {head}
"""

from alembic import op

from infra.online_ddl import create_index_concurrently, drop_index_concurrently

revision = "{revision}"
down_revision = "{head}"
branch_labels = None
depends_on = None


def upgrade() -> None:
    create_index_concurrently("{index}", "ON events (recorded_at)")  # first in its revision (docs/migrations.md)
    op.execute("ALTER TABLE games ADD COLUMN {column} TEXT")


def downgrade() -> None:
    op.execute("ALTER TABLE games DROP COLUMN {column}")
    drop_index_concurrently("{index}")
'''


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.commands = 0
        self.resent = 0  # commands sent again with their key after a cut connection
        self.unavailable = 0  # commands sent again with their key after a 503 (none expected)
        self.failed: list[str] = []
        self.games = 0
        self.lobbies_left = 0  # games left in the lobby after a cut join lost its token
        self.reconnects = 0  # streams opened again with Last-Event-ID
        self.streams_bad: list[str] = []


def retried(http: httpx.Client, method: str, url: str, deadline: float, **sent: Any) -> tuple[httpx.Response, int, int]:
    """The answer to the request, sent again (the same request: the same `Idempotency-Key`, if any) while the
    connection is cut or the server is away (a 503: none is expected, but a client would wait it out); with how many
    times it was sent again after a cut, and after a 503."""
    cuts = unavailable = 0
    while True:
        try:
            answer = http.request(method, url, **sent)
        except CUT:
            if time.monotonic() > deadline:
                raise
            cuts += 1
            time.sleep(0.05)
            continue
        if answer.status_code == 503 and time.monotonic() < deadline:
            unavailable += 1
            time.sleep(0.1)
            continue
        return answer, cuts, unavailable


def once(http: httpx.Client, method: str, url: str, **sent: Any) -> httpx.Response | None:
    """The answer, or None when the connection was cut: for a request without an idempotency key."""
    try:
        return http.request(method, url, **sent)
    except CUT:
        return None


class Follower(threading.Thread):
    """One game's live stream for seat 0, reopened with Last-Event-ID whenever it ends or is cut, until it has shown
    GameEnded; records every id it was shown."""

    def __init__(self, base: str, game_id: str, token: str, tally: Tally) -> None:
        super().__init__(daemon=True)
        self.base, self.game_id, self.token, self.tally = base, game_id, token, tally
        self.ids: list[int] = []
        self.done = threading.Event()
        self.error: str | None = None

    def run(self) -> None:
        deadline = time.monotonic() + 120
        wait = 0.0
        try:
            while not self.done.is_set() and time.monotonic() < deadline:
                time.sleep(wait)
                headers = bearer(self.token)
                if self.ids:
                    headers["Last-Event-ID"] = str(self.ids[-1])
                    with self.tally.lock:
                        self.tally.reconnects += 1
                wait = self._read(headers)
        except Exception as exc:  # reported by the test, from the main thread
            self.error = repr(exc)
        finally:
            self.done.set()

    def _read(self, headers: dict[str, str]) -> float:
        """Read one connection's stream; the seconds to wait before the next (its `retry:`, or a short pause)."""
        retry = 0.2
        try:
            with (
                local_http.client(base_url=self.base, timeout=30) as http,
                http.stream("GET", f"/v1/games/{self.game_id}/stream", headers=headers) as response,
            ):
                if response.status_code != 200:
                    return retry
                fields: dict[str, str] = {}
                for line in response.iter_lines():
                    if line == "":
                        if "id" in fields:
                            self.ids.append(int(fields["id"]))
                            if json.loads(fields["data"])["type"] == "GameEnded":
                                self.done.set()
                                return 0
                        fields = {}
                    elif not line.startswith(":"):
                        name, _, value = line.partition(":")
                        fields[name] = value.removeprefix(" ")
                        if name == "retry":
                            retry = int(fields["retry"]) / 1000
        except CUT:
            pass
        return retry


class Table:
    """Two clients playing one game after another: the host (seat 0) creates each game, joins it, hands it to the
    guest (seat 1), starts it once the guest has joined, and has its live stream followed."""

    def __init__(self, number: int, base: str, tally: Tally, stop: threading.Event) -> None:
        self.number, self.base, self.tally, self.stop = number, base, tally, stop
        self.to_guest: queue.Queue[str | None] = queue.Queue()  # a game to join, or None: no more games
        self.from_guest: queue.Queue[str | None] = queue.Queue()  # the guest's token, or None: its join was lost
        self.broken = threading.Event()  # one of the two failed: the other stops too
        self.threads = [
            threading.Thread(target=self._guarded, args=(self.host,), daemon=True),
            threading.Thread(target=self._guarded, args=(self.guest,), daemon=True),
        ]

    def _guarded(self, body: Callable[[httpx.Client], None]) -> None:
        try:
            with local_http.client(base_url=self.base, timeout=30) as http:
                body(http)
        except Exception as exc:  # an assertion in a thread: reported by the test, from the main thread
            self.tally.failed.append(f"table {self.number}: {exc!r}")
            self.broken.set()
            self.to_guest.put(None)
            self.from_guest.put(None)

    def host(self, http: httpx.Client) -> None:
        for number in itertools.count():
            if self.stop.is_set() or self.broken.is_set():
                self.to_guest.put(None)
                return
            deadline = time.monotonic() + 120
            game = {"game": "six-nimmt", "players": 2, "options": ROUNDS}
            # a creation is not idempotent: a cut creation may have made a game nobody uses, which is harmless
            created, _, _ = retried(http, "POST", "/v1/games", deadline, json=game)
            assert created.status_code == 201, created.text
            game_id, admin = created.json()["game_id"], created.json()["admin_token"]
            token = join(http, game_id, 0, f"t{self.number}s0", deadline)
            if token is None:
                self._left_in_lobby()
                continue
            self.to_guest.put(game_id)
            other = self.from_guest.get(timeout=120)
            if other is None:
                if self.broken.is_set():
                    return
                self._left_in_lobby()
                continue
            start(http, game_id, admin, deadline)
            follower = Follower(self.base, game_id, token, self.tally)
            follower.start()
            version = self.play(http, game_id, 0, token, f"{self.number}-{number}", deadline)
            follower.done.wait(60)
            follower.join(5)
            expected = list(range(1, version + 1))
            if follower.error or follower.ids != expected:
                missing = sorted(set(expected) - set(follower.ids))
                repeated = len(follower.ids) - len(set(follower.ids))
                self.tally.streams_bad.append(
                    f"{game_id}: missing {missing}, {repeated} repeated, error {follower.error}"
                )
            with self.tally.lock:
                self.tally.games += 1

    def guest(self, http: httpx.Client) -> None:
        for number in itertools.count():
            game_id = self.to_guest.get(timeout=180)
            if game_id is None:
                return
            deadline = time.monotonic() + 120
            token = join(http, game_id, 1, f"t{self.number}s1", deadline)
            self.from_guest.put(token)
            if token is not None:
                self.play(http, game_id, 1, token, f"{self.number}-{number}", deadline)

    def _left_in_lobby(self) -> None:
        with self.tally.lock:
            self.tally.lobbies_left += 1

    def play(self, http: httpx.Client, game_id: str, seat: int, token: str, name: str, deadline: float) -> int:
        """One seat's moves until the game ends: the game's last version."""
        for move in itertools.count():
            while True:
                assert not self.broken.is_set(), "the other seat failed"
                view, _, _ = retried(http, "GET", f"/v1/games/{game_id}", deadline)
                assert view.status_code == 200, view.text
                status = view.json()["status"]
                if status not in {"lobby", "active"}:
                    version: int = view.json()["version"]
                    return version
                if status == "active" and seat in view.json()["awaiting"]:
                    break
                assert time.monotonic() < deadline, f"seat {seat} of {game_id} waited too long"
                time.sleep(POLL)
            url = f"/v1/games/{game_id}/legal-moves"
            moves, _, _ = retried(http, "GET", url, deadline, headers=bearer(token))
            assert moves.status_code == 200, moves.text
            body = moves.json()["moves"][0]
            key = f"{name}-{seat}-{move}"
            time.sleep(THINK)
            headers = {**bearer(token), "Idempotency-Key": key}
            url = f"/v1/games/{game_id}/commands"
            answer, cuts, unavailable = retried(http, "POST", url, deadline, json=body, headers=headers)
            with self.tally.lock:
                self.tally.commands += 1
                self.tally.resent += cuts
                self.tally.unavailable += unavailable
                if answer.status_code != 200:
                    self.tally.failed.append(f"{key}: {answer.status_code} {answer.text[:200]}")
        raise AssertionError("unreachable")


def join(http: httpx.Client, game_id: str, seat: int, name: str, deadline: float) -> str | None:
    """This client's token for `seat`, or None when a cut join took the seat and its answer (the token) was lost.
    A join has no idempotency key: after a cut, it is sent again only while the seat is still free."""
    while time.monotonic() < deadline:
        joined = once(http, "POST", f"/v1/games/{game_id}/seats", json={"name": name, "seat": seat})
        if joined is not None and joined.status_code != 503:
            assert joined.status_code == 201, joined.text
            token: str = joined.json()["player_token"]
            return token
        view, _, _ = retried(http, "GET", f"/v1/games/{game_id}", deadline)
        assert view.status_code == 200, view.text
        if view.json()["players"][seat]["name"] is not None:
            return None
        time.sleep(0.05)
    raise AssertionError(f"could not join {game_id}")


def start(http: httpx.Client, game_id: str, admin: str, deadline: float) -> None:
    """Start the game; after a cut, sent again only while the game is still in the lobby."""
    while time.monotonic() < deadline:
        started = once(http, "POST", f"/v1/games/{game_id}/start", headers=bearer(admin))
        if started is not None and started.status_code != 503:
            assert started.status_code == 200, started.text
            return
        view, _, _ = retried(http, "GET", f"/v1/games/{game_id}", deadline)
        assert view.status_code == 200, view.text
        if view.json()["status"] != "lobby":
            return
        time.sleep(0.05)
    raise AssertionError(f"could not start {game_id}")


@dataclass
class Probe:
    at: float
    pid: int | None  # the worker that accepted the connection (None: not found)
    status: int | None  # None: no answer
    body: dict[str, Any] | None
    error: str | None = None


@dataclass
class Prober:
    """`/v1/health/ready` asked on a new connection every PROBE_EVERY seconds, each answer with the worker that
    accepted its connection: found in /proc before the request is sent (the connection's server end, in
    /proc/net/tcp, held by one of the workers), so that a worker closing the connection is known too."""

    parent: int
    port: int
    answers: list[Probe] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        while not self.stop.is_set():
            self.answers.append(self.probe())
            self.stop.wait(PROBE_EVERY)

    def probe(self) -> Probe:
        at, pid = time.monotonic(), None
        request = b"GET /v1/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        received = b""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=5) as sock:
                pid = self.accepted_by(sock.getsockname()[1])
                sock.sendall(request)
                while chunk := sock.recv(65536):
                    received += chunk
        except OSError as exc:
            return Probe(at, pid, None, None, repr(exc))
        if not received:
            return Probe(at, pid, None, None, "closed without an answer")
        head, _, body = received.partition(b"\r\n\r\n")
        try:
            return Probe(at, pid, int(head.split()[1]), json.loads(body))
        except ValueError:  # a failure of the test's, as any answer other than those expected
            return Probe(at, pid, -1, None, f"unreadable answer: {received[:300]!r}")

    def accepted_by(self, client_port: int) -> int | None:
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            inode = server_end(self.port, client_port)
            if inode is not None:
                for pid in workers_of(self.parent):
                    with contextlib.suppress(FileNotFoundError):  # a worker gone meanwhile
                        if inode in socket_inodes(pid):
                            return pid
            time.sleep(0.01)
        return None

    def ready_since(self, since: float, revision: str, head: str) -> set[int]:
        """The workers seen ready on `revision`, with code whose head is `head`, by probes sent after `since`."""
        return {
            probe.pid
            for probe in list(self.answers)
            if probe.at >= since
            and probe.pid is not None
            and probe.status == 200
            and probe.body is not None
            and (probe.body.get("revision"), probe.body.get("head")) == (revision, head)
        }

    def wait_ready(self, pids: set[int], since: float, revision: str, head: str) -> None:
        deadline = time.monotonic() + SEEN_WITHIN
        while not pids <= self.ready_since(since, revision, head) and time.monotonic() < deadline:
            time.sleep(0.1)
        seen = self.ready_since(since, revision, head)
        assert pids <= seen, f"workers {sorted(pids - seen)} never answered ready on {revision} (saw {sorted(seen)})"


def server_end(port: int, client_port: int) -> str | None:
    """The inode of the server's end of the connection from 127.0.0.1:`client_port` to `port`, once accepted."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, state, inode = fields[1], fields[2], fields[3], fields[9]
        if int(local.split(":")[1], 16) == port and int(remote.split(":")[1], 16) == client_port:
            return inode if state == "01" and inode != "0" else None
    return None


def release_directory(root: Path, into: Path) -> Path:
    """This release as a directory of its own: a link to each file and directory of the checkout, but for
    infra/migrations/versions, a directory of links to the shipped revisions where the next release's is added. A
    deploy that replaces the code in place and then sends SIGHUP: the workers it starts import from here."""
    into.mkdir()
    source, target = root, into
    for own in ("infra", "migrations", "versions"):
        for entry in source.iterdir():
            if entry.name not in {own, "__pycache__"}:
                (target / entry.name).symlink_to(entry)
        source, target = source / own, target / own
        target.mkdir()
    for entry in source.iterdir():
        if entry.name != "__pycache__":
            (target / entry.name).symlink_to(entry)
    return into


class NextRelease:
    """The next release: this one's code and one more revision (NEXT_RELEASE), an expand; shipped into the release
    directory, then migrated with its `tapis migrate`; and undone."""

    def __init__(self, database_url: str, release: Path) -> None:
        self.url, self.release = database_url, release
        self.head = head_revision()
        self.revision = f"{int(self.head) + 1:0{len(self.head)}d}"
        self.file = release / "infra" / "migrations" / "versions" / f"{self.revision}_next_release.py"
        self.left: list[str] = []  # what the undo found left after the downgrade (or without one), and removed

    def ship(self) -> None:
        self.file.write_text(NEXT_RELEASE.format(revision=self.revision, head=self.head, column=COLUMN, index=INDEX))

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "DATABASE_URL": self.url}
        done = subprocess.run(
            [sys.executable, *command],
            check=False,
            cwd=self.release,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"{command}: {done.returncode}\n{done.stdout}\n{done.stderr[-3000:]}"
        return done

    def migrate(self) -> int:
        """The next release's `tapis migrate`; the attempts that gave up on a lock (and were tried again)."""
        done = self._run("-m", "api.cli", "migrate")
        return done.stderr.count("was not obtained")

    def undo(self) -> None:
        """Back to this release's head, whatever state a failure left: the revision downgraded when it was applied,
        then anything of it still there (an interrupted upgrade) removed."""
        try:
            if self.file.exists() and asyncio.run(self.state())[0] == self.revision:
                downgrade = (
                    f"from infra.migrate import migrate_to; migrate_to({self.url!r}, {self.head!r}, downgrade=True)"
                )
                self._run("-c", downgrade)
        finally:
            asyncio.run(self._clean())

    async def state(self) -> tuple[str, bool, bool]:
        """The revision, whether the column is there, whether the index is."""
        conn = await asyncpg.connect(self.url)
        try:
            revision: str = await conn.fetchval("SELECT version_num FROM alembic_version")
            column = await conn.fetchval(
                "SELECT count(*) > 0 FROM information_schema.columns WHERE table_name = 'games' AND column_name = $1",
                COLUMN,
            )
            index = await conn.fetchval("SELECT to_regclass($1) IS NOT NULL", INDEX)
            return revision, column, index
        finally:
            await conn.close()

    async def _clean(self) -> None:
        revision, column, index = await self.state()
        self.left = [
            name for name, there in ((COLUMN, column), (INDEX, index), (revision, revision != self.head)) if there
        ]
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute("SET lock_timeout = '10s'")
            if column:
                await conn.execute(f"ALTER TABLE games DROP COLUMN {COLUMN}")
            if index:
                await conn.execute(f"DROP INDEX CONCURRENTLY IF EXISTS {INDEX}")
            if revision != self.head:
                await conn.execute("UPDATE alembic_version SET version_num = $1", self.head)
        finally:
            await conn.close()


def serve_workers(urls: ServiceUrls, release: Path, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": urls.database_url,
        "REDIS_URL": urls.redis_url,
        "TAPIS_TEST_MODE": "1",
        "TAPIS_RATE_FAILED_AUTH": "0",
        "TAPIS_RATE_COMMANDS": "0",
        "TAPIS_RATE_CREATE": "0",
        "TAPIS_RATE_CREATE_TOTAL": "0",
        "TAPIS_MAX_CONNECTIONS_PER_CLIENT": "0",
        "TAPIS_WORKERS": "2",
        "TAPIS_SHUTDOWN_DELAY_SECONDS": "0.5",
        "TAPIS_SHUTDOWN_TIMEOUT_SECONDS": "10",
        "TAPIS_SSE_HEARTBEAT_SECONDS": "1",
        # The supervisor pings every worker in its list, a starting one too (uvicorn's keep_subprocess_alive, which
        # api/workers.py keeps), and kills one that has not answered within this: a spawned worker answers only
        # once it has imported api.cli (3 to 5 s on this 2-core machine under load), so at the default 5 s workers
        # were killed at boot, one after another, and their replacements with them.
        "TAPIS_WORKER_HEALTHCHECK_TIMEOUT_SECONDS": "30",
    }
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "api.cli", "serve", "--port", str(port), "--log-level", "info"],
            cwd=release,
            env=env,
            stderr=sink,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        found = workers_of(process.pid)
        try:
            if len(found) == 2 and local_http.get(f"{base}/v1/health/ready", timeout=2).status_code == 200:
                return process, base
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    stop_server(process)
    raise RuntimeError(f"tapis serve --workers 2 did not start: {log.read_text()[-2000:]}")


def all_new(before: set[int], found: list[int]) -> bool:
    return len(found) == 2 and not set(found) & before


@dataclass
class Serving:
    process: subprocess.Popen[bytes]
    base: str
    log: Path
    release: Path


@pytest.fixture
def workers(migrated_urls: ServiceUrls, tmp_path: Path) -> Iterator[Serving]:
    release = release_directory(ROOT, tmp_path / "release")
    log = tmp_path / "serve.log"
    process, base = serve_workers(migrated_urls, release, log)
    try:
        yield Serving(process, base, log, release)
    finally:
        stop_server(process)


def test_a_release_with_a_migration_rolls_out_losing_no_command_and_no_event(
    workers: Serving, migrated_urls: ServiceUrls
) -> None:
    process, base = workers.process, workers.base
    release = NextRelease(migrated_urls.database_url, workers.release)
    tally, stop = Tally(), threading.Event()
    tables = [Table(n, base, tally, stop) for n in range(TABLES)]
    prober = Prober(process.pid, int(base.rsplit(":", 1)[1]))
    probing = threading.Thread(target=prober.run, daemon=True)
    generations = [set(workers_of(process.pid))]
    began = time.monotonic()
    migration_retries, migration_took = 0, 0.0
    rollouts: list[tuple[float, float]] = []  # when each SIGHUP was sent, when both workers had been replaced
    try:
        probing.start()
        # both workers up, each having read its head (this release's) before the next release is shipped
        prober.wait_ready(generations[0], began, release.head, release.head)
        for table in tables:
            for thread in table.threads:
                thread.start()
        time.sleep(2)  # games and streams under way
        commands_before = tally.commands
        # the deploy: the new code in place, its migration on the live database, then the workers replaced
        release.ship()
        migrated_at = time.monotonic()
        migration_retries = release.migrate()
        migration_took = time.monotonic() - migrated_at
        assert asyncio.run(release.state()) == (release.revision, True, True)
        # the old release's workers on the new schema: inside their window, ready
        prober.wait_ready(generations[0], migrated_at + migration_took, release.revision, release.head)
        for _ in range(RESTARTS):
            before = generations[-1]
            sent = time.monotonic()
            process.send_signal(signal.SIGHUP)
            now = set(wait_for_workers(process.pid, functools.partial(all_new, before), seconds=90))
            assert len(now) == 2 and not now & before, ("the restart did not replace both workers", before, now)
            generations.append(now)
            rollouts.append((sent, time.monotonic()))
            # the new release's workers, on their own head
            prober.wait_ready(now, migrated_at, release.revision, release.revision)
            assert tally.commands > commands_before, "no command went through during the restart"
            commands_before = tally.commands
    finally:
        stop.set()
        for table in tables:
            for thread in table.threads:
                thread.join(120)
        prober.stop.set()
        probing.join(10)
        release.undo()  # the database as it was found, even after a failure
    took = time.monotonic() - began

    answers = prober.answers
    ready = [probe for probe in answers if probe.status == 200]
    draining = [probe for probe in answers if probe.status == 503 and (probe.body or {}).get("failed") == ["process"]]
    print(
        f"\nthe next release's migration ({release.revision}) in {migration_took:.1f} s ({migration_retries} attempts "
        f"gave up on a lock), then {RESTARTS} rolling restarts; {took:.1f} s in all: {tally.games} games, "
        f"{tally.commands} commands ({tally.resent} sent again with their key after a cut, {tally.unavailable} after "
        f"a 503), {tally.reconnects} stream reconnects, {tally.lobbies_left} games left in the lobby; "
        f"{len(answers)} readiness probes: {len(ready)} ready, {len(draining)} shutting down, "
        f"{len(answers) - len(ready) - len(draining)} closed unanswered"
    )
    assert not any(thread.is_alive() for table in tables for thread in table.threads), "a player did not finish"
    assert tally.failed == []
    assert tally.streams_bad == []
    assert tally.games >= TABLES and tally.reconnects >= RESTARTS, "streams were not told to reconnect"

    # ready throughout, on either revision, but for a worker being replaced: it may say it shuts down, or close the
    # connection (uvicorn closes the idle ones when it stops accepting: the prober's, while it looks up the worker,
    # which then cannot be found); that only during a rolling restart
    retired: set[int] = set().union(*generations[:-1])
    assert {probe.pid for probe in answers} <= retired | generations[-1] | {None}

    def replacing(probe: Probe) -> bool:
        return probe.pid in retired | {None} and any(sent <= probe.at <= done + 1 for sent, done in rollouts)

    for probe in answers:
        if probe.status == 200:
            assert probe.body is not None and probe.body["status"] == "ready", probe
            assert probe.body["revision"] in {release.head, release.revision}, probe
        elif probe.status == 503 and probe.body is not None and probe.body["failed"] == ["process"]:
            assert replacing(probe), f"a worker not being replaced said it shuts down: {probe}"
        else:
            assert probe.status is None and replacing(probe), f"not ready, and not shutting down: {probe}"

    assert release.left == [], "the next release's downgrade left these behind"
    assert asyncio.run(release.state()) == (release.head, False, False), "the next release's expand was not undone"

    lines = [line for line in workers.log.read_text().splitlines() if line.strip()]
    parsed = [json.loads(line) for line in lines]  # every line, the supervisor's included, is one JSON object
    assert any("SIGHUP" in entry["message"] for entry in parsed), "the supervisor's SIGHUP line is missing"
    supervisor = [entry["message"] for entry in parsed if entry["logger"] == "uvicorn.error"]
    lost = [message for message in supervisor if " died" in message or "failed" in message or "in time" in message]
    assert lost == [], "a worker died, failed to start or was not ready in time"
