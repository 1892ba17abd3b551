"""The finished games both verifiers' tests check: played once per session (a few seconds), exported by Tapis."""

from __future__ import annotations

import asyncio

import pytest

from tests.verifier.test_standalone import MORE_PLAYS, PLAYS, play


@pytest.fixture(scope="session")
def exports() -> dict[str, bytes]:
    async def all_games() -> dict[str, bytes]:
        played = {game: await play(game, n, options, game == "six-nimmt") for game, (n, options) in PLAYS.items()}
        for name, (game, n, options) in MORE_PLAYS.items():
            played[name] = await play(game, n, options, False)
        return played

    return asyncio.run(all_games())
