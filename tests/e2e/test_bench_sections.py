"""`make bench`'s server sections run: each one for a fraction of a second against the session's servers.

Nothing here is a timing (those belong to `make bench`, which prints them beside the floor): these tests only ask
that a section still plays its games to the end and reports, so a change to the API (the server's dealing, a
setting, a route) cannot leave the benchmark broken until someone next runs it. The profile section was: its
server refused the clients' seeds for a session after dealing v2 made a client seed a test-mode privilege.
"""

from __future__ import annotations

import pytest

from bench import ceiling, http_load, latency, profile
from infra.embedded import ServiceUrls


def test_the_http_section_plays_every_side_and_reports(
    migrated_urls: ServiceUrls, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(http_load, "CONCURRENCY", (1, 4))
    monkeypatch.setattr(http_load, "SECONDS", 0.6)
    monkeypatch.setattr(http_load, "ROUNDS", 2)
    rows = http_load.run(migrated_urls)
    measured = [r for r in rows if "clients" in r]
    assert [r["clients"] for r in measured] == [1, 4]
    for row in measured:
        assert row["ours"]["commands"] > 0 and row["floor"]["commands"] > 0
        assert row["ratio"] > 0
    lines = http_load.report(rows)
    assert any(line.startswith("| 4 |") for line in lines)


def test_the_profile_section_profiles_the_server_and_reports(
    migrated_urls: ServiceUrls, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(profile, "CLIENTS", 2)
    monkeypatch.setattr(profile, "SECONDS", 0.6)
    result = profile.run(migrated_urls)
    assert result["commands"] > 1
    shares = dict(result["layers"])
    assert shares["whole request: uvicorn, Litestar, the command"] > 0  # the server's request path was profiled
    assert any("µs per command" in line for line in profile.report(result))


def test_the_latency_section_reports_its_ratio(migrated_urls: ServiceUrls) -> None:
    lines = latency.report(latency.run(migrated_urls))
    assert any("ratio 500th/5th" in line for line in lines)


def test_the_ceiling_measures_each_side_beside_the_floor(migrated_urls: ServiceUrls) -> None:
    rows = ceiling.measure(migrated_urls, [4], rounds=1, seconds=0.5)
    (row,) = rows
    for side in ("floor", "stored", "echo", "tapis"):
        assert row[side]["commands"] > 0, side
    assert row["echo"]["cpu_us"] > 0 and row["stored"]["cpu_us"] > 0  # each server's CPU was read from /proc
    assert len(ceiling.report(rows)) == 2 + 4
