"""infra/asked.py: a question asked once while it is out, its waiters resumed in the order they asked, a caller's
cancellation leaving the others their answer, and a failed question asked again."""

from __future__ import annotations

import asyncio

import pytest

from infra.asked import Asked


class Questions:
    def __init__(self) -> None:
        self.asked: list[str] = []
        self.release = asyncio.Event()
        self.fail = False

    async def ask(self, key: str) -> int:
        self.asked.append(key)
        await self.release.wait()
        if self.fail:
            raise ConnectionError("lost")
        return len(key)


async def test_callers_waiting_on_one_question_resume_in_the_order_they_asked() -> None:
    questions = Questions()
    asked = Asked(questions.ask, kept=10)
    order: list[str] = []

    async def caller(name: str) -> None:
        assert await asked("game") == 4
        order.append(name)

    tasks = [asyncio.create_task(caller(name)) for name in "abcde"]
    await asyncio.sleep(0)
    questions.release.set()
    await asyncio.gather(*tasks)
    assert order == list("abcde")
    assert questions.asked == ["game"]  # asked once
    assert await asked("game") == 4 and questions.asked == ["game"]  # and kept


async def test_a_caller_that_gives_up_leaves_the_others_their_answer() -> None:
    questions = Questions()
    asked = Asked(questions.ask, kept=10)
    first = asyncio.create_task(asked("game"))
    second = asyncio.create_task(asked("game"))
    await asyncio.sleep(0)
    first.cancel()
    questions.release.set()
    assert await second == 4
    with pytest.raises(asyncio.CancelledError):
        await first


async def test_a_failed_question_is_not_kept() -> None:
    questions = Questions()
    questions.fail = True
    questions.release.set()
    asked = Asked(questions.ask, kept=10)
    with pytest.raises(ConnectionError):
        await asked("game")
    questions.fail = False
    assert await asked("game") == 4
    assert questions.asked == ["game", "game"]


async def test_only_the_most_recent_answers_are_kept() -> None:
    questions = Questions()
    questions.release.set()
    asked = Asked(questions.ask, kept=2)
    for key in ("a", "bb", "ccc", "a"):
        await asked(key)
    assert questions.asked == ["a", "bb", "ccc", "a"]


async def test_a_forgotten_answer_is_asked_again_and_clear_gives_every_kept_one() -> None:
    questions = Questions()
    questions.release.set()
    asked = Asked(questions.ask, kept=10)
    assert await asked("game") == 4 and await asked("seat") == 4
    assert asked.forget("game") == 4
    assert asked.forget("game") is None  # nothing kept any more
    assert await asked("game") == 4
    assert questions.asked == ["game", "seat", "game"]
    assert sorted(asked.clear()) == [4, 4]
    assert asked.clear() == []
