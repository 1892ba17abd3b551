"""Games through the service layer on memory adapters: replay, audit, concurrency, idempotency, lagging projections.

Moved from tests/integration/test_service_games.py, assertions unchanged; what needs Redis or Postgres
themselves (a flushed or dead Redis, two processes' own connections) stayed there.
"""

from __future__ import annotations

import asyncio

import msgspec
import pytest

from bootstrap import Adapters, Services, wire
from infra.settings import Settings
from services.codec import codec, encode_table
from services.errors import PreconditionFailed
from tests.game_driver import new_game, play_to_end
from tests.plain import plain


async def projection_bytes(services: Services, game_id: str) -> bytes | None:
    loaded = await services.repo.snapshot(await services.repo.record(game_id))
    return loaded[1] if loaded else None


async def replay_bytes(services: Services, game_id: str) -> bytes:
    return encode_table(await services.repo.replay(game_id, codec("six-nimmt")))


async def test_a_full_game_replays_to_its_projection_and_passes_the_audit(services: Services) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 4)
    await play_to_end(services, game_id, tokens)
    view = plain(await services.queries.view(game_id, tokens[0]))
    assert view["status"] == "finished"
    assert view["winners"] == [s for s, v in enumerate(view["scores"]) if v == min(view["scores"])]
    assert await projection_bytes(services, game_id) == await replay_bytes(services, game_id)
    report = plain(await services.auditor.audit(game_id))
    assert report["ok"], report["checks"]
    names = {"protocol", "commitment", "reveals", "deal_key", "chain", "shuffles", "re_execution", "bot_moves"}
    names |= {"scores", "replay"}
    assert {c["name"] for c in report["checks"]} == names
    assert all(c["applies"] for c in report["checks"]), "a game created now is dealt by version 3, chained"


async def test_simultaneous_choices_are_neither_lost_nor_duplicated(services: Services) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 6)
    hands = [(plain(await services.queries.view(game_id, t)))["state"]["hand"] for t in tokens]

    async def choose(seat: int) -> None:
        body = msgspec.json.encode({"type": "play_card", "card": hands[seat][0]})
        await services.commands.command(game_id, tokens[seat], body, None, None)

    await asyncio.gather(*(choose(seat) for seat in range(6)))
    events = (plain(await services.queries.events(game_id, None, 0, 1000)))["events"]
    chosen = [e for e in events if e["type"] == "CardChosen"]
    assert sorted(e["data"]["seat"] for e in chosen) == list(range(6))
    revealed = [e for e in events if e["type"] == "CardsRevealed"]
    assert len(revealed) == 1
    assert sorted(c for _, c in revealed[0]["data"]["cards"]) == sorted(h[0] for h in hands)
    assert [e["version"] for e in events] == list(range(1, len(events) + 1))


async def test_two_api_processes_serve_one_game(adapters: Adapters, settings: Settings) -> None:
    # two processes over the same servers: one set of adapters, two wirings (each with its own caches); the
    # integration copy of this test runs it on two pools and two Redis clients
    await two_processes_play_one_game(wire(adapters, settings), wire(adapters, settings))


async def two_processes_play_one_game(first: Services, second: Services) -> None:
    """A whole game whose commands alternate between two API processes, each seat through the process that did
    not read the view: the projection ends equal to the replay, and the stream has no gap nor double."""
    game_id, _, tokens = await new_game(first, "six-nimmt", 4)
    for turn in range(30):
        side = first if turn % 2 else second
        view = plain(await side.queries.view(game_id, None))
        if view["status"] != "active":
            break
        bodies = {
            seat: msgspec.json.encode((plain(await side.queries.legal_moves(game_id, tokens[seat])))["moves"][0])
            for seat in view["awaiting"]
        }
        # each seat through the other process than the one that read the view
        await asyncio.gather(
            *(
                (first if (seat + turn) % 2 else second).commands.command(game_id, tokens[seat], body, None, None)
                for seat, body in bodies.items()
            )
        )
    replayed = encode_table(await first.repo.replay(game_id, codec("six-nimmt")))
    assert await projection_bytes(first, game_id) == replayed
    events = (plain(await second.queries.events(game_id, None, 0, 1000)))["events"]
    assert [e["version"] for e in events] == list(range(1, len(events) + 1))


async def test_idempotency_key_and_if_match(services: Services) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 2)
    view = plain(await services.queries.view(game_id, tokens[0]))
    body = msgspec.json.encode({"type": "play_card", "card": view["state"]["hand"][0]})
    first = await services.commands.command(game_id, tokens[0], body, view["version"], "key-1")
    again = await services.commands.command(game_id, tokens[0], body, view["version"], "key-1")
    assert first == again
    after = plain(await services.queries.view(game_id, tokens[0]))
    assert after["version"] == view["version"] + 2  # once: its CommandAccepted (dealing 2) and its CardChosen
    assert [e.type for e in first.events] == ["CommandAccepted", "CardChosen"]
    with pytest.raises(PreconditionFailed):
        await services.commands.command(game_id, tokens[1], body, view["version"], None)
    assert (plain(await services.queries.view(game_id, tokens[0])))["version"] == after["version"]


async def test_a_process_behind_the_game_never_refuses_a_legal_move(adapters: Adapters, settings: Settings) -> None:
    """Each process keeps the tables it wrote; moves of a turn-based game alternate between two processes,
    so each command meets a copy behind the stream: it must catch up, not answer `not_your_turn`."""
    sides = [wire(adapters, settings), wire(adapters, settings)]  # two processes over the same servers
    game_id, _, tokens = await new_game(sides[0], "daron", 3)
    for turn in range(60):
        side = sides[turn % 2]
        view = plain(await side.queries.view(game_id, None))
        if view["status"] != "active":
            break
        seat = view["awaiting"][0]
        move = (plain(await side.queries.legal_moves(game_id, tokens[seat])))["moves"][0]
        await side.commands.command(game_id, tokens[seat], msgspec.json.encode(move), None, None)
    events = (plain(await sides[1].queries.events(game_id, None, 0, 1000)))["events"]
    assert [e["version"] for e in events] == list(range(1, len(events) + 1))


async def test_events_read_while_the_projection_lags_are_redacted_not_refused(services: Services) -> None:
    """Between a process' append and its projection, another may read the new events: they must be redacted
    with the state they lead to (here: the deal, while the projection still shows the lobby)."""
    created = plain(await services.commands.create("six-nimmt", 2, None, "cd" * 32, None))
    game_id, admin = created["game_id"], created["admin_token"]
    tokens = [
        (plain(await services.commands.join(game_id, None, f"p{s}", None, None)))["player_token"] for s in range(2)
    ]
    lobby = await services.repo.snapshot(await services.repo.record(game_id))
    assert lobby is not None
    await services.commands.start(game_id, admin)
    # put the lobby projection back, as if the start's projection had not been written yet
    await services.repo.projections.reset()
    await services.repo.projections.save(
        game_id, lobby[0], lobby[1], {"game_id": game_id, "game": "six-nimmt"}, codec("six-nimmt").fingerprint
    )
    page = plain(await services.queries.events(game_id, tokens[0], 0, 100))
    dealt = next(e for e in page["events"] if e["type"] == "CardsDealt")
    assert dealt["data"]["hands"][0] and dealt["data"]["hands"][1] == []
