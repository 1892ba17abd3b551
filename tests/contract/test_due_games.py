"""The turn timer's query, for Postgres and the memory store alike: running timed games whose last event is
older than their turn timer, the longest waiting first."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

import msgspec

from services.ports import EventStore, GameRecord, NewEvent
from tests.contract.adapters import Database

EVERYTHING = 100_000  # the real half shares its database with other tests: read all, then look at this test's games


def event(type_: str, **data: object) -> NewEvent:
    return NewEvent(type=type_, data=msgspec.json.encode(data))


async def game_with(store: EventStore, created: NewEvent, *later: NewEvent) -> str:
    game_id = "d" + secrets.token_hex(6)
    await store.create(GameRecord(game_id, "due-test", b"s" * 32, b"h" * 32, {}), [created], {})
    if later:
        await store.append(game_id, 1, list(later), {})
    return game_id


async def test_running_timed_games_are_due_when_their_last_event_is_older_than_the_timer(database: Database) -> None:
    store = database.store
    timed = event("GameCreated", turn_seconds=30)
    running = await game_with(store, timed, event("PlayerJoined"), event("CardPlayed"))
    also_running = await game_with(store, timed, event("RoundStarted"), event("CardPlayed"), event("CardPlayed"))
    in_lobby = await game_with(store, timed, event("PlayerJoined"))
    just_created = await game_with(store, timed)
    ended = await game_with(store, timed, event("CardPlayed"), event("GameEnded"))
    rematched = await game_with(store, timed, event("GameEnded"), event("RematchCreated"))
    left = await game_with(store, timed, event("CardPlayed"), event("PlayerLeft"))
    untimed = await game_with(store, event("GameCreated"), event("CardPlayed"))
    timer_off = await game_with(store, event("GameCreated", turn_seconds=None), event("CardPlayed"))
    ours = {running, also_running, in_lobby, just_created, ended, rematched, left, untimed, timer_off}

    async def due_at(now: datetime) -> list[tuple[str, int]]:
        return [(g, v) for g, v in await database.due.due(now, EVERYTHING) if g in ours]

    now = datetime.now(UTC)
    assert await due_at(now + timedelta(seconds=10)) == []
    assert await due_at(now + timedelta(seconds=40)) == [(running, 3), (also_running, 4)]
    # a game that moved starts its clock again, and waits behind the ones that did not
    await store.append(running, 3, [event("CardPlayed")], {})
    later = datetime.now(UTC) + timedelta(seconds=40)
    assert await due_at(later) == [(also_running, 4), (running, 4)]
    assert len(await database.due.due(later, 1)) == 1
