"""The trading window (issue 17): at a table with a person, an active bot does not end trading at once.

The runner (services/bot_runner.py) holds the bot's `end_trading` for `TAPIS_BOT_TRADE_WINDOW_SECONDS`, answers
a person's proposal to the bot at once meanwhile, keeps the bot's offers to the person open, and never lets a
request or the bot sweeper play the held move early. Bot-only tables never hold.

The runner's window and the tests' waits are on a manual clock (fakes.ManualClock), which also stamps the events:
the tests let its time pass (`elapse`) instead of sleeping, so a loaded machine cannot close a window early.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import msgspec
import pytest

from bootstrap import Adapters, Services, wire
from infra.settings import Settings
from tests.plain import plain
from tests.unit.services.fakes import ManualClock, fresh_adapters

WINDOW = 0.4


@pytest.fixture
def time_flows() -> None:
    """The clock moves only when this module's tests move it (`clock.elapse`): no time passes on its own."""


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def adapters(clock: ManualClock) -> Adapters:
    return fresh_adapters(clock)


@pytest.fixture
async def windowed(adapters: Adapters) -> AsyncIterator[Services]:
    services = wire(adapters, Settings(test_mode=True, bot_trade_window_seconds=WINDOW))
    services.bot_runner.start()
    try:
        yield services
    finally:
        await services.bot_runner.stop()


async def view(services: Services, game_id: str, token: str | None) -> dict[str, Any]:
    shown: dict[str, Any] = plain(await services.queries.view(game_id, token))
    return shown


async def send(services: Services, game_id: str, token: str, command: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = plain(
        await services.commands.command(game_id, token, msgspec.json.encode(command), None, None)
    )
    return answer


async def table_with_three_bots(services: Services, seed: str) -> tuple[str, str]:
    created = plain(await services.commands.create("bohnanza", 4, {}, seed, None))
    game_id, admin = created["game_id"], created["admin_token"]
    person = plain(await services.commands.join(game_id, admin, "ana", 0, None))["player_token"]
    for seat in (1, 2, 3):
        await services.commands.join(game_id, admin, None, seat, "smart")
    await services.commands.start(game_id, admin)
    return game_id, person


def data(raw: bytes) -> dict[str, Any]:
    decoded: dict[str, Any] = msgspec.json.decode(raw)
    return decoded


def persons_move(moves: list[dict[str, Any]]) -> dict[str, Any]:
    """A plain person: plants, turns up, declines what it is asked, ends its trading, plants its pending cards."""
    for kind in ("decline_trade", "plant", "turn_up", "end_trading", "plant_pending", "harvest"):
        for move in moves:
            if move["type"] == kind:
                return move
    return moves[0]


async def until_a_bot_holds(
    services: Services, clock: ManualClock, game_id: str, person: str, seconds: float = 20.0
) -> dict[str, Any]:
    """The person plays its part until an active bot holds its trading window; the view then."""
    ends = clock.monotonic() + seconds
    while clock.monotonic() < ends:
        if services.bot_runner.holding(game_id) is not None:
            return await view(services, game_id, person)
        shown = await view(services, game_id, person)
        if 0 in shown["awaiting"]:
            moves = plain(await services.queries.legal_moves(game_id, person))["moves"]
            await send(services, game_id, person, persons_move(moves))
        else:
            await clock.elapse(0.01)
    raise AssertionError("no bot held a trading window")


async def test_an_active_bot_holds_its_trading_window_for_the_person_then_closes_it(
    windowed: Services, clock: ManualClock
) -> None:
    game_id, person = await table_with_three_bots(windowed, "0a" * 32)
    shown = await until_a_bot_holds(windowed, clock, game_id, person)
    state = shown["state"]
    assert state["phase"] == "trade" and state["active"] != 0
    trading = (shown["version"], state["active"])
    # a request of the person's, and the sweeper, do not end it early
    assert await windowed.bot_sweeper.run_once() in (0, 1)
    again = await view(windowed, game_id, person)
    assert again["state"]["phase"] == "trade" and again["state"]["active"] == trading[1]
    # and with nothing from the person the window closes by itself
    deadline = clock.monotonic() + WINDOW * 10
    while clock.monotonic() < deadline:
        now = await view(windowed, game_id, person)
        if now["state"]["active"] != trading[1] or now["state"]["phase"] != "trade":
            break
        await clock.elapse(0.02)
    else:
        raise AssertionError("the trading window never closed")
    recorded = await windowed.repo.store.read_stream(game_id)
    ended = next(r for r in recorded if r.version > trading[0] and r.type == "TradingEnded")
    turned = [r for r in recorded if r.version <= trading[0] and r.type == "CardsTurnedUp"][-1]
    assert (ended.recorded_at - turned.recorded_at).total_seconds() >= WINDOW * 0.9


async def test_another_process_sweeper_does_not_end_the_window_early(
    windowed: Services, adapters: Adapters, clock: ManualClock
) -> None:
    game_id, person = await table_with_three_bots(windowed, "0d" * 32)
    shown = await until_a_bot_holds(windowed, clock, game_id, person)
    other = wire(adapters, Settings(test_mode=True, bot_trade_window_seconds=WINDOW, bot_grace_seconds=0))
    other.bot_runner.start()
    try:
        assert await other.bot_sweeper.run_once() == 1, "it takes the game for stalled (its grace is 0)"
        await clock.elapse(0.05)  # its runner's task starts
        assert other.bot_runner.holding(game_id) is not None, "its runner holds the window too"
        now = await view(windowed, game_id, person)
        assert now["state"]["phase"] == "trade" and now["state"]["active"] == shown["state"]["active"]
    finally:
        await other.bot_runner.stop()


async def test_a_person_proposes_to_the_holding_bot_and_gets_an_answer_at_once(
    windowed: Services, clock: ManualClock
) -> None:
    game_id, person = await table_with_three_bots(windowed, "0b" * 32)
    shown = await until_a_bot_holds(windowed, clock, game_id, person)
    state = shown["state"]
    active = state["active"]
    bean = state["face_up"][0] if state["face_up"] else "blue"
    answer = await send(windowed, game_id, person, {"type": "propose_trade", "to": active, "want": {bean: 1}})
    trade_id = next(e["data"]["trade_id"] for e in answer["events"] if e["type"] == "TradeProposed")
    began = clock.monotonic()
    while clock.monotonic() - began < WINDOW * 0.8:
        recorded = await windowed.repo.store.read_stream(game_id, answer["version"])
        answered = [
            r
            for r in recorded
            if r.type in ("TradeAccepted", "TradeCancelled") and data(r.data).get("trade_id") == trade_id
        ]
        if answered:
            assert answered[0].type == "TradeAccepted" or data(answered[0].data)["reason"] == "declined"
            break
        await clock.elapse(0.01)
    else:
        raise AssertionError("the bot did not answer the proposal while its window was open")
    after = await view(windowed, game_id, person)
    assert after["state"]["phase"] == "trade" and after["state"]["active"] == active, "and it holds on"


async def test_a_bot_only_table_never_holds(windowed: Services, clock: ManualClock) -> None:
    created = plain(await windowed.commands.create("bohnanza", 3, {}, "0c" * 32, None))
    for _ in range(3):
        await windowed.commands.join(created["game_id"], created["admin_token"], None, None, "smart")
    began = clock.monotonic()
    await windowed.commands.start(created["game_id"], created["admin_token"])
    while windowed.bot_runner.busy() and clock.monotonic() - began < 60:
        await clock.elapse(0.1)  # a held window would wait on the clock: let it pass as it would
    assert (await view(windowed, created["game_id"], None))["status"] == "finished"
    assert clock.monotonic() - began < 10, "about 27 turns: a held window would cost 10 s"
