"""A deploy that changes a game's state type: snapshots written by the code before are misses, refolded from the
event store and written again, never decoded into the new type (which would fail every read of the game)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import msgspec
import pytest

from bootstrap import Adapters, wire
from domain.games.registry import GAMES
from domain.kernel.game import AnyGame
from infra.settings import Settings
from services.codec import codec
from tests.plain import plain
from tests.toy_game.game import GAME as TOY
from tests.toy_game.game import State


class NextRelease(State, frozen=True, kw_only=True):
    """The toy game's state in the next release: one more field, required, so an old snapshot cannot decode."""

    release: int


def next_release() -> AnyGame:
    def initial_state(players: int, options: Any) -> NextRelease:
        return NextRelease(players=players, laid=[None] * players, totals=[0] * players, release=2)

    return replace(TOY, state_type=NextRelease, initial_state=initial_state)


@pytest.fixture
def registered() -> Iterator[None]:
    GAMES[TOY.name] = TOY
    codec.cache_clear()
    try:
        yield
    finally:
        del GAMES[TOY.name]
        codec.cache_clear()


async def play_two_moves(adapters: Adapters) -> tuple[str, list[str]]:
    services = wire(adapters, Settings(test_mode=True))
    created = await services.commands.create(TOY.name, 2, None, None, None)
    tokens = [(await services.commands.join(created.game_id, None, f"p{s}", None, None)).player_token for s in (0, 1)]
    await services.commands.start(created.game_id, created.admin_token)
    for _ in range(2):
        view = await services.queries.view(created.game_id, None)
        seat = view.awaiting[0]
        move = (await services.queries.legal_moves(created.game_id, tokens[seat])).moves[0]
        await services.commands.command(created.game_id, tokens[seat], msgspec.json.encode(move), None, None)
    return created.game_id, [t for t in tokens if t is not None]


async def test_a_snapshot_of_another_state_schema_is_refolded_and_written_again(
    adapters: Adapters, registered: None
) -> None:
    game_id, tokens = await play_two_moves(adapters)
    before = plain(await wire(adapters, Settings(test_mode=True)).queries.view(game_id, tokens[0]))
    old_blob = (await adapters.projections.load(game_id, codec(TOY.name).fingerprint) or (0, b""))[1]
    assert old_blob, "the first release projected the game"

    # the deploy: the same servers, the next release's code
    GAMES[TOY.name] = next_release()
    codec.cache_clear()
    new_codec = codec(TOY.name)
    assert new_codec.fingerprint != codec_fingerprint_of(TOY)
    with pytest.raises(msgspec.ValidationError):
        new_codec.table(old_blob)  # what every read of the game would have met

    services = wire(adapters, Settings(test_mode=True))
    after = plain(await services.queries.view(game_id, tokens[0]))
    assert after == before, "the refold serves the same game"
    record = await services.repo.record(game_id)
    stored = await services.repo.snapshot(record)
    assert stored is not None and stored[0] == before["version"], "the refolded table was projected again"
    refolded = new_codec.table(stored[1])
    assert refolded.inner is not None and refolded.inner.release == 2
    # and the game goes on under the new code
    seat = after["awaiting"][0]
    move = (await services.queries.legal_moves(game_id, tokens[seat])).moves[0]
    answer = await services.commands.command(game_id, tokens[seat], msgspec.json.encode(move), None, None)
    # the move's record (CommandAccepted, dealing 2), then the one event the move produced
    assert [e.type for e in answer.events[:1]] == ["CommandAccepted"] and len(answer.events) == 2
    assert answer.version == before["version"] + 2


def codec_fingerprint_of(game: AnyGame) -> str:
    from domain.kernel.table import Table
    from services.codec import schema_fingerprint

    return schema_fingerprint(Table[game.state_type])  # type: ignore[name-defined]


def test_a_fingerprint_is_the_same_in_every_process() -> None:
    """Two API processes (or a restart) must agree, or every snapshot would be a miss: nothing of the process
    (an address, a hash seed) may enter it. barbu's options have a default made by a function."""
    import subprocess
    import sys

    from domain.games.registry import GAMES

    here = {game: codec(game).fingerprint for game in GAMES}
    script = "from services.codec import codec; from domain.games.registry import GAMES; "
    script += "print(' '.join(f'{g}={codec(g).fingerprint}' for g in GAMES))"
    there = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert dict(item.split("=") for item in there) == here
