"""Lobby control through the services (issue 16): the admin removes a seat, private games and their join codes,
names normalised and unique. Every refusal is precise and appends nothing."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

import msgspec
import pytest

from bootstrap import Adapters, Services, wire
from domain.kernel.errors import RuleViolation
from infra.settings import Settings
from services.codec import codec
from services.errors import Forbidden, ServiceError, Unauthorized
from tests.game_driver import SEED, play_to_end
from tests.plain import plain
from tests.unit.services.fakes import settle


async def stream(services: Services, game_id: str) -> list[tuple[str, bytes]]:
    return [(r.type, r.data) for r in await services.repo.store.read_stream(game_id)]


async def lobby(services: Services, players: int = 3, private: bool = False) -> dict[str, Any]:
    created: dict[str, Any] = plain(
        await services.commands.create("six-nimmt", players, None, SEED, None, private=private)
    )
    return created


async def refused(services: Services, game_id: str, attempt: Any) -> BaseException:
    """`attempt` is refused and the game's stream is unchanged."""
    before = await stream(services, game_id)
    with pytest.raises((RuleViolation, ServiceError)) as refusal:
        await attempt
    assert await stream(services, game_id) == before
    return refusal.value


def code_of(error: BaseException) -> str:
    code: str = error.code  # type: ignore[attr-defined]
    return code


# --- the admin removes a seat ---------------------------------------------------------------------------------


async def test_the_admin_removes_a_seat_and_its_token_stops_working_in_every_process(
    services: Services, adapters: Adapters, settings: Settings
) -> None:
    other = wire(adapters, settings)  # a second API process over the same servers
    created = await lobby(services)
    game_id, admin = created["game_id"], created["admin_token"]
    ann = plain(await services.commands.join(game_id, None, "ann", None, None))["player_token"]
    plain(await services.commands.join(game_id, None, "bob", None, None))
    assert plain(await other.queries.view(game_id, ann))["you"] == 0  # the other process knows ann's token
    other_news = asyncio.Event()
    follow = asyncio.create_task(other.record_news.follow(other_news, other.repo.forget))
    await asyncio.sleep(0)
    try:
        removed = plain(await services.seats.remove(game_id, admin, 0))
        # GameCreated 1, two joins (2..5), the removal's CommandAccepted 6 and PlayerLeft 7
        assert removed == {"seat": 0, "version": 7}
        kinds = [t for t, _ in await stream(services, game_id)]
        assert kinds[-2:] == ["CommandAccepted", "PlayerLeft"]
        accepted = msgspec.json.decode((await stream(services, game_id))[-2][1])
        assert accepted == {"type": "CommandAccepted", "by": "admin", "command": {"action": "remove_seat", "seat": 0}}
        for process in (services, other):
            await settle()  # the news goes round: in memory, turns of the loop
            with pytest.raises(Unauthorized):
                await process.queries.view(game_id, ann)
        view = plain(await services.queries.view(game_id, None))
        assert view["players"][0]["name"] is None and view["players"][1]["name"] == "bob"
        # the seat is free again, the name too
        again = plain(await services.commands.join(game_id, None, "ann", 0, None))
        assert again["seat"] == 0
    finally:
        other_news.set()
        await follow


async def test_removing_a_seat_is_refused_precisely(services: Services) -> None:
    created = await lobby(services)
    game_id, admin = created["game_id"], created["admin_token"]
    ann = plain(await services.commands.join(game_id, None, "ann", None, None))["player_token"]
    assert code_of(await refused(services, game_id, services.seats.remove(game_id, ann, 0))) == "admin_only"
    assert code_of(await refused(services, game_id, services.seats.remove(game_id, None, 0))) == "admin_only"
    denied = await refused(services, game_id, services.seats.remove(game_id, "not-a-token", 0))
    assert isinstance(denied, Unauthorized)
    assert code_of(await refused(services, game_id, services.seats.remove(game_id, admin, 1))) == "seat_gone"
    assert code_of(await refused(services, game_id, services.seats.remove(game_id, admin, 3))) == "invalid_seat"
    assert code_of(await refused(services, game_id, services.seats.remove(game_id, admin, 2**40))) == "invalid_seat"
    for name in ("bob", "cy"):
        plain(await services.commands.join(game_id, None, name, None, None))
    await services.commands.start(game_id, admin)
    assert code_of(await refused(services, game_id, services.seats.remove(game_id, admin, 0))) == "already_started"
    assert plain(await services.queries.view(game_id, ann))["you"] == 0  # nothing was forgotten


async def test_the_admin_removes_a_bot(services: Services) -> None:
    created = await lobby(services, 2)
    game_id, admin = created["game_id"], created["admin_token"]
    plain(await services.commands.join(game_id, admin, None, None, "smart"))
    plain(await services.seats.remove(game_id, admin, 0))
    assert plain(await services.queries.view(game_id, None))["players"][0]["bot"] is None


# --- private games ----------------------------------------------------------------------------------------------


async def test_a_private_game_is_joined_with_its_join_code_only(services: Services) -> None:
    created = await lobby(services, 3, private=True)
    game_id, admin, code = created["game_id"], created["admin_token"], created["join_code"]
    assert created["private"] is True and isinstance(code, str) and len(code) >= 22
    for wrong in (None, "", "not the code", code[:-1], code + "x", code.upper() if code != code.upper() else "x"):
        error = await refused(services, game_id, services.commands.join(game_id, None, "ann", None, None, None, wrong))
        assert isinstance(error, Forbidden) and code_of(error) == "invalid_join_code"
    joined = plain(await services.commands.join(game_id, None, "ann", None, None, None, code))
    assert joined["seat"] == 0
    # the admin seats a bot without the code; a bad code is refused before anything else is looked at
    plain(await services.commands.join(game_id, admin, None, None, "random"))
    bad = await refused(services, game_id, services.commands.join(game_id, None, "\u200b", None, None, None, "x"))
    assert code_of(bad) == "invalid_join_code"
    assert plain(await services.queries.view(game_id, None))["private"] is True


async def test_the_join_code_is_stored_as_its_hash_only(services: Services, adapters: Adapters) -> None:
    created = await lobby(services, 2, private=True)
    game_id, code = created["game_id"], created["join_code"]
    record = await services.repo.record(game_id, refresh=True)
    assert record.join_code_hash == hashlib.sha256(code.encode()).digest()
    for _, data in await stream(services, game_id):
        assert code.encode() not in data
    state = await adapters.projections.load(game_id, codec(record.game).fingerprint)
    assert state is not None and code.encode() not in state[1]
    public = await lobby(services, 2)
    assert public["private"] is False and public["join_code"] is None
    assert (await services.repo.record(public["game_id"], refresh=True)).join_code_hash is None
    # a public game does not look at a code
    plain(await services.commands.join(public["game_id"], None, "ann", None, None, None, "anything"))


async def test_a_private_game_is_never_listed(services: Services, adapters: Adapters) -> None:
    private = (await lobby(services, 2, private=True))["game_id"]
    public = (await lobby(services, 2))["game_id"]

    async def listed(**filters: Any) -> list[str]:
        return [g["game_id"] for g in plain(await services.queries.listing(limit=1000, **filters))["games"]]

    filters: list[dict[str, Any]] = [
        {"game": None, "status": None},
        {"game": "six-nimmt", "status": None},
        {"game": None, "status": "lobby"},
        {"game": "six-nimmt", "status": "lobby"},
    ]
    for f in filters:
        ids = await listed(**f)
        assert public in ids and private not in ids, f
    # nor when Redis is down and the listing comes from the store
    adapters.projections.unavailable = True  # type: ignore[attr-defined]
    try:
        for f in filters:
            ids = await listed(**f)
            assert public in ids and private not in ids, f
    finally:
        adapters.projections.unavailable = False  # type: ignore[attr-defined]


# --- names ---------------------------------------------------------------------------------------------------------


async def test_names_are_normalised_and_unique_through_the_join(services: Services) -> None:
    created = await lobby(services, 4)
    game_id, admin = created["game_id"], created["admin_token"]
    plain(await services.commands.join(game_id, None, "  \uff2a\uff4f\uff53\uff45\u0301  ", None, None))
    for name, code in [
        ("josé", "name_taken"),
        ("JOSÉ", "name_taken"),
        ("\u200bann", "invalid_name"),
        ("\u202eann", "invalid_name"),
        ("   ", "invalid_name"),
        ("a" * 41, "invalid_name"),
    ]:
        assert (
            code_of(await refused(services, game_id, services.commands.join(game_id, None, name, None, None))) == code
        )
    plain(await services.commands.join(game_id, admin, None, None, "smart"))
    plain(await services.commands.join(game_id, admin, None, None, "smart"))
    plain(await services.commands.join(game_id, admin, None, None, "random"))
    names = [p["name"] for p in plain(await services.queries.view(game_id, None))["players"]]
    assert names == ["José", "smart bot", "smart bot 2", "random bot"]


async def test_two_people_joining_with_one_name_at_once_get_one_seat(services: Services) -> None:
    created = await lobby(services, 3)
    game_id = created["game_id"]
    outcomes = await asyncio.gather(
        *(services.commands.join(game_id, None, name, None, None) for name in ("ann", "ANN", "Ann")),
        return_exceptions=True,
    )
    joined = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(joined) == 1, outcomes
    assert all(code_of(o) == "name_taken" for o in outcomes if isinstance(o, BaseException))
    assert sum(1 for p in plain(await services.queries.view(game_id, None))["players"] if p["name"]) == 1


async def test_a_game_with_a_seat_removed_passes_its_audit(services: Services) -> None:
    created = await lobby(services, 2)
    game_id, admin = created["game_id"], created["admin_token"]
    plain(await services.commands.join(game_id, None, "ann", None, None, "ann's entropy"))
    plain(await services.seats.remove(game_id, admin, 0))
    tokens = [
        plain(await services.commands.join(game_id, None, name, None, None, f"{name}'s entropy"))["player_token"]
        for name in ("bob", "cy")
    ]
    await services.commands.start(game_id, admin)
    await play_to_end(services, game_id, tokens)
    audit = plain(await services.auditor.audit(game_id))
    assert audit["ok"] and {c["name"]: c["ok"] for c in audit["checks"]}["re_execution"]
