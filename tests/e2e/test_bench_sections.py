"""`make bench`'s server sections run: each one for a fraction of a second against the session's servers.

Nothing here is a timing (those belong to `make bench`, which prints them beside the floor): these tests only ask
that a section still plays its games to the end and reports, so a change to the API (the server's dealing, a
setting, a route) cannot leave the benchmark broken until someone next runs it. The profile section was: its
server refused the clients' seeds for a session after dealing v2 made a client seed a test-mode privilege.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest

from bench import bgio, ceiling, http_load, latency, profile
from infra.embedded import ServiceUrls
from infra.migrate import upgrade
from tests.conftest import _create_database, _drop_database, _flush_redis, _run, _with_database, redis_db_beside


@pytest.fixture(scope="module")
def bench_urls(migrated_urls: ServiceUrls) -> Iterator[ServiceUrls]:
    """A database and a Redis database of their own (three above the session's), as `make bench` has: the games
    these sections leave behind must not show in the listings and lobbies of the session's e2e server."""
    name = f"tapis_bench_{secrets.token_hex(4)}"
    _run(_create_database(migrated_urls.database_url, name))
    url = _with_database(migrated_urls.database_url, name)
    redis_url = redis_db_beside(migrated_urls.redis_url, 3)
    _flush_redis(redis_url)
    upgrade(url)
    try:
        yield ServiceUrls(database_url=url, redis_url=redis_url)
    finally:
        _flush_redis(redis_url)
        _run(_drop_database(migrated_urls.database_url, name))


def test_the_http_section_plays_every_side_and_reports(
    bench_urls: ServiceUrls, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(http_load, "CONCURRENCY", (1, 4))
    monkeypatch.setattr(http_load, "SECONDS", 0.6)
    monkeypatch.setattr(http_load, "ROUNDS", 2)
    # boardgame.io's side needs its npm packages (installed on first use, from the network): the peer's game is
    # checked by tests/unit/test_bgio_peer_rules.py, its load by `make bench`
    monkeypatch.setattr(bgio, "missing", lambda: "left out of this test")
    rows = http_load.run(bench_urls)
    measured = [r for r in rows if "clients" in r]
    assert [r["clients"] for r in measured] == [1, 4]
    for row in measured:
        assert row["ours"]["commands"] > 0 and row["floor"]["commands"] > 0
        assert row["ratio"] > 0
    lines = http_load.report(rows)
    assert any(line.startswith("| 4 |") for line in lines)
    assert "boardgame.io: not run (left out of this test)" in lines


def test_the_profile_section_profiles_the_server_and_reports(
    bench_urls: ServiceUrls, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(profile, "CLIENTS", 2)
    monkeypatch.setattr(profile, "SECONDS", 0.6)
    result = profile.run(bench_urls)
    assert result["commands"] > 1
    shares = dict(result["layers"])
    assert shares["whole request: uvicorn, the middlewares, the command"] > 0  # the server's request path was profiled
    assert any("µs per command" in line for line in profile.report(result))


def test_the_latency_section_reports_its_ratio(bench_urls: ServiceUrls) -> None:
    lines = latency.report(latency.run(bench_urls))
    assert any("ratio 500th/5th" in line for line in lines)


def test_the_ceiling_measures_each_side_beside_the_floor(bench_urls: ServiceUrls) -> None:
    rows = ceiling.measure(bench_urls, [4], rounds=1, seconds=0.5)
    (row,) = rows
    for side in ("floor", "stored", "echo", "tapis"):
        assert row[side]["commands"] > 0, side
    assert row["echo"]["cpu_us"] > 0 and row["stored"]["cpu_us"] > 0  # each server's CPU was read from /proc
    assert len(ceiling.report(rows)) == 2 + 4
