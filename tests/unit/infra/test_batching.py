"""Group commit: what one caller sees whether its write travels alone or with others."""

from __future__ import annotations

import asyncio

import pytest

from infra.batching import Batcher


class Recorder:
    """A flush that records its batches and answers each item with itself doubled, or refuses negatives."""

    def __init__(self) -> None:
        self.batches: list[list[int]] = []
        self.release = asyncio.Event()
        self.release.set()

    async def flush(self, items: list[int]) -> list[int | BaseException]:
        self.batches.append(list(items))
        await self.release.wait()
        return [ValueError(f"refused {i}") if i < 0 else i * 2 for i in items]


async def flush_held_open(batcher: Batcher[int, int], item: int) -> asyncio.Task[int]:
    """Submit `item` and let its flush go out; it stays in flight until the recorder is released."""
    task = asyncio.create_task(batcher.submit(item))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    return task


async def test_a_lone_write_goes_at_once_and_alone() -> None:
    recorder = Recorder()
    batcher = Batcher(recorder.flush)
    assert await batcher.submit(21) == 42
    assert await batcher.submit(5) == 10
    assert recorder.batches == [[21], [5]]


async def test_writes_arriving_during_a_flush_share_the_next_one() -> None:
    recorder = Recorder()
    recorder.release.clear()
    batcher = Batcher(recorder.flush)
    first = await flush_held_open(batcher, 1)
    later = [asyncio.create_task(batcher.submit(n)) for n in (2, 3, 4)]
    await asyncio.sleep(0)
    recorder.release.set()
    assert await asyncio.gather(first, *later) == [2, 4, 6, 8]
    assert recorder.batches == [[1], [2, 3, 4]]


async def test_each_caller_gets_its_own_outcome() -> None:
    recorder = Recorder()
    batcher = Batcher(recorder.flush)
    results = await asyncio.gather(batcher.submit(1), batcher.submit(-1), batcher.submit(2), return_exceptions=True)
    assert results[0] == 2 and results[2] == 4
    assert isinstance(results[1], ValueError) and str(results[1]) == "refused -1"


async def test_two_writes_with_one_key_never_share_a_batch() -> None:
    recorder = Recorder()
    batcher = Batcher(recorder.flush, key=lambda n: n % 10)
    results = await asyncio.gather(*(batcher.submit(n) for n in (1, 11, 2, 21, 3)))
    assert results == [2, 22, 4, 42, 6]
    assert recorder.batches == [[1, 2, 3], [11], [21]]
    for batch in recorder.batches:
        assert len({n % 10 for n in batch}) == len(batch)


async def test_batches_are_capped() -> None:
    recorder = Recorder()
    batcher = Batcher(recorder.flush, max_batch=2)
    assert await asyncio.gather(*(batcher.submit(n) for n in range(5))) == [0, 2, 4, 6, 8]
    assert recorder.batches == [[0, 1], [2, 3], [4]]


async def test_a_failed_flush_fails_every_caller_in_it_and_the_next_batch_still_goes() -> None:
    calls: list[list[int]] = []

    async def broken(items: list[int]) -> list[int | BaseException]:
        calls.append(items)
        if len(calls) == 1:
            raise ConnectionError("the server went away")
        return list(items)

    batcher = Batcher(broken)
    results = await asyncio.gather(batcher.submit(1), batcher.submit(2), return_exceptions=True)
    assert all(isinstance(r, ConnectionError) for r in results)
    assert await batcher.submit(3) == 3


async def test_a_caller_cancelled_before_its_batch_left_is_not_written() -> None:
    recorder = Recorder()
    recorder.release.clear()
    batcher = Batcher(recorder.flush)
    first = await flush_held_open(batcher, 1)
    gone = asyncio.create_task(batcher.submit(2))
    kept = asyncio.create_task(batcher.submit(3))
    await asyncio.sleep(0)
    gone.cancel()
    recorder.release.set()
    assert await first == 2 and await kept == 6
    with pytest.raises(asyncio.CancelledError):
        await gone
    assert recorder.batches == [[1], [3]]


def test_a_batcher_outlives_its_event_loop() -> None:
    async def echo(items: list[int]) -> list[int | BaseException]:
        return list(items)

    batcher = Batcher(echo)
    assert asyncio.run(batcher.submit(1)) == 1
    assert asyncio.run(batcher.submit(2)) == 2  # a new loop, as each test of a session-wide store gets
