"""The HTTP games of tests/e2e/test_games_http.py, on a `tapis serve` whose Redis is a 3-master Redis Cluster:
each game from create to `finished`, its audit, and the listing that finds it among the games of every shard.

`make test` plays one le-baron game at two players, the shortest (the cluster tests stay within a minute and a
half there); `make test-slow` and `make test-cluster` play every case of the e2e suite."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.client import Tapis
from tests.e2e.test_games_http import CASES
from tests.e2e.test_games_http import test_full_game_over_http as full_game

pytestmark = [pytest.mark.e2e, pytest.mark.integration, pytest.mark.redis_cluster]

QUICK = {("le-baron", 2)}


def quick_or_slow(case: tuple[str, int, dict[str, Any]]) -> Any:
    game, players, options = case
    return case if (game, players) in QUICK and not options else pytest.param(*case, marks=pytest.mark.slow)


@pytest.mark.parametrize(("game", "players", "options"), [quick_or_slow(c) for c in CASES], ids=str)
def test_full_game_over_http_on_a_cluster(cluster_api: Tapis, game: str, players: int, options: dict[str, Any]) -> None:
    full_game(cluster_api, game, players, options)


def test_the_listing_merges_the_shards_newest_first(cluster_api: Tapis) -> None:
    created = [cluster_api.new_game("daron", 2, {})[0] for _ in range(12)]
    listed = cluster_api.http.get("/v1/games", params={"game": "daron", "status": "active", "limit": 5})
    assert listed.status_code == 200, listed.text
    ids = [g["game_id"] for g in listed.json()["games"]]
    assert ids == created[::-1][:5]
