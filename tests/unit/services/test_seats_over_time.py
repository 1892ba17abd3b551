"""Seats over time on memory adapters: leave and rejoin, forfeit, the turn timer, the rematch.

Moved from tests/integration/, assertions unchanged: the turn timer's query on Postgres is the contract suite's
(tests/contract/test_due_games.py), the rest is the services' own.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bootstrap import Services
from domain.kernel.errors import RuleViolation
from services.auth import identify
from services.errors import Forbidden, Unauthorized
from services.timer import TurnTimer
from tests.game_driver import SEED, new_game, play_to_end
from tests.plain import plain


async def types_of(services: Services, game_id: str) -> list[str]:
    return [r.type for r in await services.repo.store.read_stream(game_id)]


async def test_leave_the_lobby_then_someone_else_takes_the_seat(services: Services) -> None:
    created = plain(await services.commands.create("six-nimmt", 2, None, SEED, None))
    game_id = created["game_id"]
    ann = (plain(await services.commands.join(game_id, None, "ann", None, None)))["player_token"]
    # GameCreated 1; the join's CommandAccepted 2 and PlayerJoined 3; the leave's CommandAccepted 4 and PlayerLeft 5
    assert plain(await services.seats.leave(game_id, ann)) == {"seat": 0, "version": 5}
    with pytest.raises(Unauthorized):
        plain(await services.seats.leave(game_id, ann))  # the token went with the seat
    bob = plain(await services.commands.join(game_id, None, "bob", 0, None))
    assert bob["seat"] == 0
    plain(await services.commands.join(game_id, None, "cy", None, None))
    view = await services.commands.start(game_id, created["admin_token"])
    assert view.status == "active"
    with pytest.raises(RuleViolation) as late:
        plain(await services.seats.leave(game_id, bob["player_token"]))
    assert late.value.code == "already_started"
    with pytest.raises(Forbidden):
        plain(await services.seats.leave(game_id, created["admin_token"]))


async def test_a_forfeited_seat_is_played_by_the_bot_to_the_end(services: Services) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 2)
    answer = plain(await services.seats.forfeit(game_id, tokens[0]))
    assert answer["bot"] == "smart"
    with pytest.raises(RuleViolation) as again:
        plain(await services.seats.forfeit(game_id, tokens[0]))
    assert again.value.code == "seat_gone"
    with pytest.raises(RuleViolation) as command:
        await services.commands.command(game_id, tokens[0], b'{"type": "play_card", "card": 1}', None, None)
    assert command.value.code == "seat_gone"
    await play_to_end(services, game_id, [tokens[1], tokens[1]])
    view = plain(await services.queries.view(game_id, None))
    assert view["status"] == "finished" and view["players"][0]["bot"] == "smart"
    kinds = await types_of(services, game_id)
    assert kinds.index("SeatForfeited") + 1 == kinds.index("BotTookOver")
    assert (plain(await services.auditor.audit(game_id)))["ok"]


async def test_a_player_who_lets_the_timer_run_out_is_played_for_until_the_end(services: Services) -> None:
    created = plain(await services.commands.create("six-nimmt", 2, None, SEED, None, turn_seconds=30))
    game_id = created["game_id"]
    tokens = [
        (plain(await services.commands.join(game_id, None, f"p{s}", None, None)))["player_token"] for s in range(2)
    ]
    await services.commands.start(game_id, created["admin_token"])
    now = datetime.now(UTC)
    early = TurnTimer(services.timer.transactor, services.timer.bots, services.timer.due, clock=lambda: now)
    assert game_id not in [g for g, _ in await early.due.due(now, 1000)]  # 30 s have not passed
    late = TurnTimer(
        services.timer.transactor, services.timer.bots, services.timer.due, clock=lambda: now + timedelta(minutes=5)
    )
    for _ in range(500):
        if (plain(await services.queries.view(game_id, None)))["status"] == "finished":
            break
        await late.expire(game_id, (plain(await services.queries.view(game_id, None)))["version"])
    kinds = await types_of(services, game_id)
    assert kinds[-1] == "GameEnded" and kinds.count("TurnTimedOut") > 0
    assert (plain(await services.queries.view(game_id, tokens[0])))["players"][0][
        "bot"
    ] is None  # still the player's seat
    assert (plain(await services.auditor.audit(game_id)))["ok"]


async def test_the_timer_finds_an_overdue_game_and_skips_a_moved_one(services: Services) -> None:
    created = plain(await services.commands.create("six-nimmt", 2, None, SEED, None, turn_seconds=1))
    game_id = created["game_id"]
    for s in range(2):
        plain(await services.commands.join(game_id, None, f"p{s}", None, None))
    await services.commands.start(game_id, created["admin_token"])
    version = (plain(await services.queries.view(game_id, None)))["version"]
    later = datetime.now(UTC) + timedelta(hours=1)
    assert (game_id, version) in await services.timer.due.due(later, 1000)
    timer = TurnTimer(services.timer.transactor, services.timer.bots, services.timer.due, clock=lambda: later)
    assert await timer.expire(game_id, version - 1) == 0  # a stale scan changes nothing
    assert await timer.expire(game_id, version) == 1
    assert "TurnTimedOut" in await types_of(services, game_id)


async def test_rematch_with_the_same_seats_and_new_tokens(services: Services) -> None:
    created = plain(await services.commands.create("six-nimmt", 2, None, SEED, None))
    game_id, admin = created["game_id"], created["admin_token"]
    token = (plain(await services.commands.join(game_id, None, "ann", None, None)))["player_token"]
    plain(await services.commands.join(game_id, admin, None, None, "random"))
    with pytest.raises(RuleViolation) as early:
        plain(await services.seats.rematch(game_id, admin))
    assert early.value.code == "game_not_finished"
    await services.commands.start(game_id, admin)
    await play_to_end(services, game_id, [token, token])
    with pytest.raises(Forbidden):
        plain(await services.seats.rematch(game_id, token))

    rematch = plain(await services.seats.rematch(game_id, admin))
    assert rematch["seats"] == [{"seat": 0, "name": "ann"}, {"seat": 1, "name": "random bot", "bot": "random"}]
    assert (await types_of(services, game_id))[-1] == "RematchCreated"
    assert (plain(await services.queries.view(game_id, None)))["rematch"] == rematch["game_id"]
    handed = await services.seats.rematch_token(game_id, 0, token)
    assert handed is not None and handed != token
    record = await services.repo.record(rematch["game_id"], refresh=True)
    assert identify(record, handed) is not None and identify(record, handed).seat == 0  # type: ignore[union-attr]
    assert await services.seats.rematch_token(game_id, 1, token) is None  # not the bearer's seat (a bot's)
    with pytest.raises(RuleViolation) as twice:
        plain(await services.seats.rematch(game_id, admin))
    assert twice.value.code == "rematch_exists"
    await services.commands.start(rematch["game_id"], rematch["admin_token"])
    await play_to_end(services, rematch["game_id"], [handed, handed])
    assert (plain(await services.auditor.audit(game_id)))["ok"]
