"""A Citus worker stopped under a running server: commands for games on the other worker keep working, those on
the stopped one get 503 (never a 500, nothing half written) and succeed once it is back."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import pytest

from infra.embedded import ServiceUrls
from tests.citus.conftest import PLACEMENT
from tests.e2e.client import Tapis
from tools.citus_cluster import CitusCluster

pytestmark = [pytest.mark.citus, pytest.mark.faults, pytest.mark.e2e]

GAMES = 8


def worker_of(cluster: CitusCluster, urls: ServiceUrls, game_id: str) -> int:
    database = urlsplit(urls.database_url).path.strip("/")
    return int(cluster.sql(cluster.coordinator, database, PLACEMENT.replace("$1::text", f"'{game_id}'::text")))


def test_a_stopped_worker_stops_its_own_games_only(
    api: Tapis, citus_cluster: CitusCluster, citus_urls: ServiceUrls
) -> None:
    games: dict[str, tuple[list[str], int]] = {}  # game id -> (tokens, worker port)
    while len(games) < GAMES or len({port for _, port in games.values()}) < 2:
        game_id, _, tokens = api.new_game("daron", 2)
        games[game_id] = (tokens, worker_of(citus_cluster, citus_urls, game_id))
    stopped = citus_cluster.workers[-1]
    # each game's next move, chosen while every worker answers (the moves are read from the game's own shard)
    moves = {}
    for game_id, (tokens, _) in games.items():
        seat = api.view(game_id)["awaiting"][0]
        moves[game_id] = (tokens[seat], api.moves(game_id, tokens[seat])[0])

    citus_cluster.stop_node(stopped)
    try:
        for game_id, (token, move) in moves.items():
            response = api.command(game_id, token, move)
            if games[game_id][1] == stopped:
                assert response.status_code == 503, (game_id, response.status_code, response.text)
            else:
                assert response.status_code == 200, (game_id, response.status_code, response.text)
    finally:
        citus_cluster.start_node(stopped)

    # the refused commands wrote nothing: the same move goes through now (the coordinator reconnects on its own)
    for game_id, (token, move) in moves.items():
        if games[game_id][1] != stopped:
            continue
        deadline = time.monotonic() + 20
        while (response := api.command(game_id, token, move)).status_code == 503 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert response.status_code == 200, (game_id, response.status_code, response.text)
