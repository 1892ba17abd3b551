"""Concurrency conflicts in the write path (services/transact.py): a command decided on a version another write
has passed catches up and decides again; a refusal decided on a stale copy is decided again at the head; past
`command_retries` conflicts the caller hears `Conflict`.

Two processes are two `wire`s over one set of memory adapters: each keeps the tables it wrote (the `CACHED` load),
so the one that did not write last decides on a copy behind the stream.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from bootstrap import Adapters, Services, in_memory, wire
from domain.kernel.errors import RuleViolation
from infra.settings import Settings
from services.errors import Conflict
from services.ports import ConcurrencyConflict
from tests.game_driver import new_game
from tests.plain import plain

RETRIES = 3


async def test_two_commands_decided_on_one_version_one_lands_the_other_decides_again(
    adapters: Adapters, settings: Settings
) -> None:
    here, there = wire(adapters, settings), wire(adapters, settings)
    game_id, _, tokens = await new_game(there, "six-nimmt", 2)  # `there` keeps the dealt table it wrote
    dealt = plain(await here.queries.view(game_id, None))["version"]
    hands = [plain(await here.queries.view(game_id, t))["state"]["hand"] for t in tokens]

    await here.commands.command(game_id, tokens[0], play_card(hands[0][0]), None, None)
    assert await cached_version(there, game_id) == dealt, "`there` is behind"
    # `there` decides on its copy at `dealt`: the append's expected version fails, it catches up and decides again
    await there.commands.command(game_id, tokens[1], play_card(hands[1][0]), None, None)

    recorded = await adapters.store.read_stream(game_id, dealt)
    chosen = [(r.metadata["actor"], r.metadata["attempt"]) for r in recorded if r.type == "CardChosen"]
    assert chosen == [(0, 0), (1, 1)], "the second command landed on its second attempt"
    assert [r.version for r in recorded] == list(range(dealt + 1, dealt + 1 + len(recorded)))
    assert "CardsRevealed" in [r.type for r in recorded], "decided again on the head: both cards are in"


@pytest.mark.parametrize(("conflicts", "lands"), [(RETRIES - 1, True), (RETRIES, False)])
async def test_a_conflict_storm_beyond_command_retries_is_a_conflict(
    adapters: Adapters, monkeypatch: pytest.MonkeyPatch, conflicts: int, lands: bool
) -> None:
    services = in_memory(Settings(test_mode=True, command_retries=RETRIES), adapters)
    game_id, _, tokens = await new_game(services, "six-nimmt", 2)
    before = len(await adapters.store.read_stream(game_id))
    hand = plain(await services.queries.view(game_id, tokens[0]))["state"]["hand"]
    append = adapters.store.append
    attempts = 0

    async def storm(*args: Any, **kwargs: Any) -> int:
        # each of the first `conflicts` appends finds another writer got there first
        nonlocal attempts
        attempts += 1
        if attempts <= conflicts:
            raise ConcurrencyConflict(game_id)
        return await append(*args, **kwargs)

    monkeypatch.setattr(adapters.store, "append", storm)
    command = services.commands.command(game_id, tokens[0], play_card(hand[0]), None, None)
    # a landed command appends its record (CommandAccepted, dealing 2) and the CardChosen it produced
    if lands:
        answer = await command
        assert [e.type for e in answer.events] == ["CommandAccepted", "CardChosen"]
        assert answer.version == before + 2
    else:
        with pytest.raises(Conflict):
            await command
    assert attempts == min(conflicts + 1, RETRIES)
    assert len(await adapters.store.read_stream(game_id)) == before + (2 if lands else 0)


async def test_a_refusal_decided_on_a_stale_cached_table_is_decided_again_at_the_head(
    adapters: Adapters, settings: Settings
) -> None:
    here, there = wire(adapters, settings), wire(adapters, settings)
    game_id, _, tokens = await new_game(there, "daron", 3)  # `there` keeps the dealt table it wrote
    first = plain(await here.queries.view(game_id, None))["awaiting"][0]
    # dealing 2 mixes the (random) game id into the deal key: the seed no longer fixes the deal, and a first move
    # may keep the turn (a daron card that lets the seat go on); `first` plays on until the turn passes
    for _ in range(20):
        await here.commands.command(game_id, tokens[first], await first_move(here, game_id, tokens[first]), None, None)
        head = plain(await here.queries.view(game_id, None))
        if head["awaiting"][0] != first:
            break
    second = head["awaiting"][0]
    assert second != first, "the turn passed on"
    assert await cached_version(there, game_id) < head["version"], "`there` is behind"

    # on `there`'s copy it is still `first`'s turn: `second`'s move is refused there, and must not be refused
    answer = await there.commands.command(
        game_id, tokens[second], await first_move(here, game_id, tokens[second]), None, None
    )
    assert answer.version > head["version"]
    (played, *_) = await adapters.store.read_stream(game_id, head["version"])
    assert (played.metadata["actor"], played.metadata["attempt"]) == (second, 0)

    # a refusal that holds at the head still stands: `here` is behind now, and sends for a seat not awaited
    now = plain(await there.queries.view(game_id, None))
    idle = next(s for s in range(3) if s not in now["awaiting"])
    move = await first_move(there, game_id, tokens[now["awaiting"][0]])
    assert await cached_version(here, game_id) < now["version"], "`here` is behind"
    with pytest.raises(RuleViolation):
        await here.commands.command(game_id, tokens[idle], move, None, None)
    assert plain(await there.queries.view(game_id, None))["version"] == now["version"]


def play_card(card: int) -> bytes:
    return msgspec.json.encode({"type": "play_card", "card": card})


async def first_move(services: Services, game_id: str, token: str) -> bytes:
    return msgspec.json.encode(plain(await services.queries.legal_moves(game_id, token))["moves"][0])


async def cached_version(services: Services, game_id: str) -> int:
    """The version of the table a command of this process decides on first (the `CACHED` load)."""
    return (await services.repo.table_to_write(await services.repo.record(game_id))).version
