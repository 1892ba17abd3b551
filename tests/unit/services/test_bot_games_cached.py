"""Replays and audits of finished games are computed once per process (issue 16): a finished game never changes,
so the second `GET /audit`, and the second `GET /replay?version=` of a version, read no event from the store and
answer the same. A rematch appends to a finished game: its version moves, and the audit is made again.

The games are played by bots (in the call: these tests start no bot runner) and, for the replays, one person. The
replay keeps the table at each version, not a view: a view is per viewer (a seat's names its own hand), the table
serves them all.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from bootstrap import Adapters, Services
from services.errors import Conflict
from tests.plain import plain

Reads = list[tuple[Any, ...]]


@pytest.fixture
def reads(adapters: Adapters, monkeypatch: pytest.MonkeyPatch) -> Reads:
    """Every `read_stream` call on the memory event store, from now on."""
    counted: Reads = []
    original = adapters.store.read_stream

    async def read_stream(*args: Any, **kwargs: Any) -> Any:
        counted.append(args)
        return await original(*args, **kwargs)

    monkeypatch.setattr(adapters.store, "read_stream", read_stream)
    return counted


async def finished_bot_game(services: Services) -> tuple[str, str]:
    created = await services.commands.create("barbu", 3, None, "1a" * 32, None)
    for _ in range(3):
        await services.commands.join(created.game_id, created.admin_token, None, None, "smart")
    assert (await services.commands.start(created.game_id, created.admin_token)).status == "finished"
    return created.game_id, created.admin_token


async def test_the_second_audit_of_a_finished_game_reads_no_event_and_answers_the_same(
    services: Services, reads: Reads
) -> None:
    game_id, _ = await finished_bot_game(services)
    reads.clear()
    first = msgspec.json.encode(await services.auditor.audit(game_id))
    assert reads, "the first audit reads the events"
    reads.clear()
    second = msgspec.json.encode(await services.auditor.audit(game_id))
    assert reads == [], "the second audit reads no event"
    assert second == first
    assert msgspec.json.decode(first)["ok"]


async def test_a_rematch_moves_the_finished_games_version_and_its_audit_is_made_again(
    services: Services, reads: Reads
) -> None:
    game_id, admin = await finished_bot_game(services)
    before = plain(await services.auditor.audit(game_id))
    await services.seats.rematch(game_id, admin)
    reads.clear()
    after = plain(await services.auditor.audit(game_id))
    assert reads, "a new version: the events are read again"
    assert after["ok"] and after["version"] > before["version"]
    reads.clear()
    assert plain(await services.auditor.audit(game_id)) == after and reads == []


async def test_an_audit_without_a_projection_to_compare_is_not_kept(
    services: Services, adapters: Adapters, reads: Reads
) -> None:
    game_id, _ = await finished_bot_game(services)
    adapters.projections.unavailable = True  # type: ignore[attr-defined]
    compared = {c["name"]: c for c in plain(await services.auditor.audit(game_id))["checks"]}
    assert "no projection to compare" in compared["replay"]["detail"]
    adapters.projections.unavailable = False  # type: ignore[attr-defined]
    reads.clear()
    again = {c["name"]: c for c in plain(await services.auditor.audit(game_id))["checks"]}
    assert reads, "made again, now that the projection answers"
    assert "equal to the projection: True" in again["replay"]["detail"]


async def test_an_unfinished_game_is_refused_each_time(services: Services) -> None:
    created = await services.commands.create("six-nimmt", 2, None, "1b" * 32, None)
    await services.commands.join(created.game_id, None, "ann", None, None)
    await services.commands.join(created.game_id, created.admin_token, None, None, "random")
    await services.commands.start(created.game_id, created.admin_token)
    for _ in range(2):
        with pytest.raises(Conflict) as refused:
            await services.auditor.audit(created.game_id)
        assert refused.value.code == "game_not_finished"


async def test_a_replay_of_a_finished_game_is_folded_once_per_version_for_every_viewer(
    services: Services, reads: Reads
) -> None:
    options = {"end": {"kind": "rounds", "rounds": 1}}
    created = await services.commands.create("six-nimmt", 3, options, "1c" * 32, None)
    game_id = created.game_id
    person = (await services.commands.join(game_id, None, "ann", None, None)).player_token
    for level in ("random", "smart"):
        await services.commands.join(game_id, created.admin_token, None, None, level)
    await services.commands.start(game_id, created.admin_token)
    middle = (await services.queries.view(game_id, None)).version - 2
    reads.clear()
    assert (await services.queries.replay(game_id, person, middle)).version == middle
    assert (await services.queries.replay(game_id, person, middle)).version == middle
    assert len(reads) == 2, "a running game's replay is folded each time"

    while (view := await services.queries.view(game_id, person)).status == "active":
        move = (await services.queries.legal_moves(game_id, person)).moves[0]
        await services.commands.command(game_id, person, msgspec.json.encode(move), None, None)
    reads.clear()
    seat = plain(await services.queries.replay(game_id, person, middle))
    assert len(reads) == 1
    spectator = plain(await services.queries.replay(game_id, None, middle))
    again = plain(await services.queries.replay(game_id, person, middle))
    assert len(reads) == 1, "the same version, for the seat again and for a spectator: no event read"
    assert again == seat and seat["you"] == 0 and spectator["you"] is None
    # after the end everyone sees all of it (the view still names the seat's own hand for a seat)
    assert {**seat, "you": None, "state": None} == {**spectator, "state": None}
    assert seat["state"]["hands"] == spectator["state"]["hands"] and len(seat["state"]["hands"]) == 3
    await services.queries.replay(game_id, None, view.version)
    assert len(reads) == 2, "another version is folded once too"
