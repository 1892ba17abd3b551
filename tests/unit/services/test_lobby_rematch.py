"""The rematch (issue 16): concurrent requests create exactly one game, no orphan is left, and no token of the
rematch is kept in plaintext anywhere; each person takes their new token with their old one."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

import pytest

from bootstrap import Adapters, Services, wire
from domain.kernel.errors import RuleViolation
from infra.memory.event_store import MemoryEventStore
from infra.settings import Settings
from services.auth import identify
from services.errors import Forbidden, ServiceError, Unavailable
from services.ports import StoreUnavailable
from services.seats import rematch_names, rematch_token_for
from tests.game_driver import SEED, play_to_end
from tests.plain import plain


async def finished_game(services: Services, private: bool = False) -> tuple[str, str, list[str]]:
    """A two-person six-nimmt game played to its end: (game id, admin token, player tokens)."""
    created = plain(await services.commands.create("six-nimmt", 2, None, SEED, None, private=private))
    game_id, admin = created["game_id"], created["admin_token"]
    tokens = [
        plain(await services.commands.join(game_id, None, name, None, None, None, created["join_code"]))["player_token"]
        for name in ("ann", "bob")
    ]
    await services.commands.start(game_id, admin)
    await play_to_end(services, game_id, tokens)
    return game_id, admin, tokens


def store_of(adapters: Adapters) -> MemoryEventStore:
    assert isinstance(adapters.store, MemoryEventStore)
    return adapters.store


def game_ids(adapters: Adapters) -> set[str]:
    return {r.game_id for r in store_of(adapters).newest_first()}


async def test_concurrent_rematch_requests_create_exactly_one_game(
    services: Services, adapters: Adapters, settings: Settings
) -> None:
    game_id, admin, tokens = await finished_game(services)
    before = game_ids(adapters)
    processes = [services, wire(adapters, settings), wire(adapters, settings)]
    outcomes = await asyncio.gather(
        *(p.seats.rematch(game_id, admin) for p in processes for _ in range(3)), return_exceptions=True
    )
    won = [plain(o) for o in outcomes if not isinstance(o, BaseException)]
    lost = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(won) == 1, outcomes
    rematch_id = won[0]["game_id"]
    assert all(isinstance(o, RuleViolation) and o.code == "rematch_exists" for o in lost), lost
    assert all(o.details == {"game_id": rematch_id} for o in lost if isinstance(o, RuleViolation))
    assert game_ids(adapters) - before == {rematch_id}  # no orphan
    assert plain(await services.queries.view(game_id, None))["rematch"] == rematch_id
    kinds = [r.type for r in await services.repo.store.read_stream(game_id)]
    assert kinds.count("RematchCreated") == 1
    # the winner's admin token opens the one game, and each player's new token their seat in it
    await services.commands.start(rematch_id, won[0]["admin_token"])
    handed = [plain(await services.seats.hand_over(game_id, t)) for t in tokens]
    assert [h["seat"] for h in handed] == [0, 1] and {h["game_id"] for h in handed} == {rematch_id}
    await play_to_end(services, rematch_id, [h["player_token"] for h in handed])
    assert plain(await services.auditor.audit(game_id))["ok"] and plain(await services.auditor.audit(rematch_id))["ok"]


async def test_the_rematch_is_created_whole_in_one_append(services: Services) -> None:
    game_id, admin, _ = await finished_game(services)
    rematch = plain(await services.seats.rematch(game_id, admin))
    recorded = await services.repo.store.read_stream(rematch["game_id"])
    assert {r.tx_id for r in recorded} == {recorded[0].tx_id}
    assert [r.type for r in recorded] == ["GameCreated", *["CommandAccepted", "PlayerJoined"] * 2]
    assert rematch["version"] == 5 and rematch["seats"] == [{"seat": 0, "name": "ann"}, {"seat": 1, "name": "bob"}]
    assert plain(await services.auditor.audit(game_id))["ok"]  # the claim re-executes as recorded


async def test_no_rematch_token_is_stored_in_plaintext(services: Services, adapters: Adapters) -> None:
    game_id, admin, tokens = await finished_game(services)
    rematch = plain(await services.seats.rematch(game_id, admin))
    rematch_id = rematch["game_id"]
    # nothing is stored for a seat before its player asks
    assert (await services.repo.record(rematch_id, refresh=True)).seat_token_hashes == {}
    handed = [await services.seats.rematch_token(game_id, seat, t) for seat, t in enumerate(tokens)]
    assert all(h is not None for h in handed)
    # asked again (a stream reconnecting), the same token: it is derived, never kept
    assert [await services.seats.rematch_token(game_id, seat, t) for seat, t in enumerate(tokens)] == handed
    assert handed == [rematch_token_for(t, rematch_id, seat) for seat, t in enumerate(tokens)]
    record = await services.repo.record(rematch_id, refresh=True)
    assert record.seat_token_hashes == {s: hashlib.sha256(h.encode()).digest() for s, h in enumerate(handed) if h}
    for seat, h in enumerate(handed):
        assert h is not None
        principal = identify(record, h)
        assert principal is not None and principal.seat == seat
        secret = h.encode()
        # in no event, projection or record of either game (there is no mailbox any more)
        for gid in (game_id, rematch_id):
            assert all(secret not in r.data for r in await services.repo.store.read_stream(gid))
            loaded = await adapters.projections.load(gid, "")
            assert loaded is None or secret not in loaded[1]
        assert secret not in repr(store_of(adapters).record_of(rematch_id)).encode()
    # a seat's token is for that seat only: another seat's old token gets its own
    assert await services.seats.rematch_token(game_id, 1, tokens[0]) is None


async def test_the_hand_over_is_refused_precisely(services: Services) -> None:
    game_id, admin, tokens = await finished_game(services)
    with pytest.raises(RuleViolation) as early:
        await services.seats.hand_over(game_id, tokens[0])
    assert early.value.code == "no_rematch"
    with pytest.raises(Forbidden) as by_admin:
        await services.seats.hand_over(game_id, admin)
    assert by_admin.value.code == "not_a_player"
    rematch = plain(await services.seats.rematch(game_id, admin))
    rematch_id = rematch["game_id"]
    # the admin removes ann's seat in the rematch before she takes it, and cy joins it: ann's old token gets nothing
    plain(await services.seats.remove(rematch_id, rematch["admin_token"], 0))
    with pytest.raises(RuleViolation) as gone:
        await services.seats.hand_over(game_id, tokens[0])
    assert gone.value.code == "seat_gone"
    plain(await services.commands.join(rematch_id, None, "cy", 0, None))
    with pytest.raises(RuleViolation) as taken:
        await services.seats.hand_over(game_id, tokens[0])
    assert taken.value.code == "seat_gone"
    assert await services.seats.rematch_token(game_id, 0, tokens[0]) is None
    assert plain(await services.seats.hand_over(game_id, tokens[1]))["seat"] == 1  # bob's is untouched


async def test_a_claim_whose_game_was_never_created_is_completed_by_the_next_request(
    services: Services, adapters: Adapters
) -> None:
    game_id, admin, tokens = await finished_game(services)
    store = store_of(adapters)
    real_create = store.create

    async def dies(*args: Any, **kwargs: Any) -> None:
        raise StoreUnavailable("the process died between the claim and the creation")

    store.create = dies  # type: ignore[method-assign]
    with pytest.raises((StoreUnavailable, Unavailable, ServiceError)):
        await services.seats.rematch(game_id, admin)
    store.create = real_create  # type: ignore[method-assign]
    claimed = plain(await services.queries.view(game_id, None))["rematch"]
    assert claimed is not None and claimed not in game_ids(adapters)
    services.seats.creation_wait = 0.1
    with pytest.raises(RuleViolation) as unmade:
        await services.seats.hand_over(game_id, tokens[0])  # waits a moment for the creation, then says so
    assert unmade.value.code == "no_rematch"
    rematch = plain(await services.seats.rematch(game_id, admin))
    assert rematch["game_id"] == claimed and claimed in game_ids(adapters)
    assert plain(await services.seats.hand_over(game_id, tokens[0]))["game_id"] == claimed
    with pytest.raises(RuleViolation) as twice:
        await services.seats.rematch(game_id, admin)
    assert twice.value.code == "rematch_exists" and twice.value.details == {"game_id": claimed}


async def test_the_rematch_of_a_private_game_is_private(services: Services) -> None:
    game_id, admin, _ = await finished_game(services, private=True)
    rematch = plain(await services.seats.rematch(game_id, admin))
    assert isinstance(rematch["join_code"], str)
    assert plain(await services.queries.view(rematch["game_id"], None))["private"] is True
    listed = plain(await services.queries.listing(None, None, 1000))["games"]
    assert rematch["game_id"] not in {g["game_id"] for g in listed}


def test_names_of_a_game_recorded_before_names_were_checked_are_made_unique_for_its_rematch() -> None:
    from domain.kernel.table import Seat

    seats: list[Seat | None] = [
        Seat("smart bot", "smart"),
        Seat("smart bot", "smart"),
        Seat("Ann", None),
        Seat("ann", None),
        Seat("x\u200b", None),
        Seat("a" * 40, None),
        Seat("A" * 40, None),
    ]
    assert rematch_names(seats) == [
        "smart bot",
        "smart bot 2",
        "Ann",
        "ann 2",
        "player 5",
        "a" * 40,
        "A" * 38 + " 2",
    ]
