"""The turn timer on a memory clock: the store stamps each event with it and the timer reads the same time, so a
test lets exactly the game's `turn_seconds` pass instead of waiting for them."""

from __future__ import annotations

from bootstrap import Services, in_memory
from infra.settings import Settings
from services.timer import TurnTimer
from tests.game_driver import SEED
from tests.plain import plain
from tests.unit.services.fakes import ManualClock, fresh_adapters


async def timed_out(services: Services, game_id: str) -> int:
    return sum(r.type == "TurnTimedOut" for r in await services.repo.store.read_stream(game_id))


async def test_a_turn_times_out_after_its_seconds_and_the_clock_starts_again() -> None:
    clock = ManualClock()
    services = in_memory(Settings(test_mode=True), fresh_adapters(clock))
    timer = TurnTimer(services.timer.transactor, services.timer.bots, services.timer.due, clock=clock)
    created = plain(await services.commands.create("six-nimmt", 2, None, SEED, None, turn_seconds=30))
    game_id = created["game_id"]
    for seat in range(2):
        await services.commands.join(game_id, None, f"p{seat}", None, None)
    clock.advance(3600)
    assert await timer.run_once() == 0, "a lobby has no turn to time out"
    await services.commands.start(game_id, created["admin_token"])

    clock.advance(30)
    assert await timer.run_once() == 0, "30 s are not past 30 s"
    clock.advance(1)
    assert await timer.run_once() == 1
    assert await timed_out(services, game_id) == 2  # both seats choose at once: each was played for
    view = plain(await services.queries.view(game_id, None))
    assert view["status"] == "active"
    assert await timer.run_once() == 0, "the timeout's own events start the next turn's clock"
    clock.advance(31)
    assert await timer.run_once() == 1
    # dealing 2 mixes the (random) game id into the deal key, so the seed no longer fixes the deal: the next turn
    # is both seats' next cards, or (when the lower card fits no row) one seat's choice of a row
    assert len(view["awaiting"]) in (1, 2)
    assert await timed_out(services, game_id) == 2 + len(view["awaiting"])
