"""For every game: no response to a seat (view, events, replay, legal moves, errors) holds what only another seat,
or nobody yet, may know; nor the seed before the end.

What is hidden is derived, not listed per game: replay the game in the test (omniscient), take the view that sees
everything and the seat's own view, and every value where they differ that the seat's view does not hold anywhere
is a secret of someone else (another hand, an unrevealed choice, a deck order). Each must be absent from the raw
text of every response that seat gets.

The cases are every registered game at every player count it allows, and the toy game (tests/toy_game, registered
for these tests by `toy_game`), each in its shortest whole game (tests/registered.py). The app runs in this process,
so a game registered only here is served too; once the searches are done the seats' bots play the game out.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import asyncpg
import msgspec
import pytest
from litestar.testing import TestClient

from api.app import create_app
from api.dependencies import Services
from bootstrap import build_services, redis_client
from domain.kernel import table as tables
from domain.kernel.shuffle import Draws
from domain.kernel.viewer import Viewer, seat_viewer
from infra.embedded import ServiceUrls
from infra.settings import Settings
from services.codec import codec
from tests.e2e.client import Tapis, bearer
from tests.registered import cases, shortest_options

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("toy_game")]

GAMES = cases()
CHECKS = 6  # moments per game at which every seat's responses are searched


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def differences(full: Any, seen: Any) -> list[Any]:
    """The parts of `full` that `seen` shows otherwise (or not at all)."""
    if full == seen:
        return []
    if isinstance(full, dict) and isinstance(seen, dict):
        return [d for k, v in full.items() for d in differences(v, seen.get(k))]
    if isinstance(full, list) and isinstance(seen, list) and len(full) == len(seen):
        return [d for f, s in zip(full, seen, strict=True) for d in differences(f, s)]
    if isinstance(full, list):
        return [full, *(d for item in full for d in differences(item, None))]
    return [full] if isinstance(full, dict | str) else []


def secrets_of_others(full: dict[str, Any], mine: dict[str, Any], history: str = "") -> set[str]:
    """Values worth searching for: lists of two or more items, objects, long strings (a single card is no secret:
    another copy of it may be on the table); none the seat may see, in its view or in `history`, the game's events
    as the rules redact them for the seat, and its legal moves (a hand of two cards is no secret once a deposit
    showed those two, nor when the seat holds the same two)."""
    visible = compact(mine) + history
    found = set()
    for value in differences(full, mine):
        text = compact(value)
        significant = (isinstance(value, list) and len(value) >= 2) or isinstance(value, dict) or len(text) >= 32
        if significant and text not in visible:
            found.add(text)
    return found


@pytest.fixture(scope="module")
def api(migrated_urls: ServiceUrls) -> Iterator[Tapis]:
    """The app served over ASGI in this process (Litestar's TestClient), not by a `tapis serve` of its own: it
    serves whatever the registry holds when a request comes, so the toy game, registered only in this process,
    is searched over HTTP like the others."""
    settings = Settings(
        test_mode=True,
        database_url=migrated_urls.database_url,
        redis_url=migrated_urls.redis_url,
        # no per-client limits, as for `tapis serve` in tests/e2e/conftest.py: every request comes from one client
        rate_failed_auth="0",
        rate_commands="0",
        rate_create="0",
        rate_create_total="0",
    )
    with TestClient(create_app(settings, run_projector=False), timeout=30) as http:
        yield Tapis(http)


@pytest.fixture
async def services(migrated_urls: ServiceUrls) -> AsyncIterator[Services]:
    pool = await asyncpg.create_pool(migrated_urls.database_url, min_size=1, max_size=2)
    client = redis_client(migrated_urls.redis_url)
    try:
        yield build_services(pool, client, Settings(test_mode=True))
    finally:
        await client.aclose()
        await pool.close()


def responses_to(api: Tapis, game_id: str, token: str, version: int, other_moves: list[Any]) -> list[str]:
    get = api.http.get
    out = [
        get(f"/v1/games/{game_id}", headers=bearer(token)).text,
        get(f"/v1/games/{game_id}/events", params={"limit": 1000}, headers=bearer(token)).text,
        get(f"/v1/games/{game_id}/replay", params={"version": version}, headers=bearer(token)).text,
        get(f"/v1/games/{game_id}/replay", params={"version": max(1, version - 3)}, headers=bearer(token)).text,
        get(f"/v1/games/{game_id}/legal-moves", headers=bearer(token)).text,
    ]
    # errors: another seat's moves sent by this one (refused, and the refusal must not explain the other hand)
    out += [api.command(game_id, token, move).text for move in other_moves[:3]]
    return out


def finish_with_bots(api: Tapis, game_id: str, tokens: list[str]) -> None:
    """Every seat forfeits: the server's bots play the game to its end within the last call. The searches are
    done by then, and playing the rest over HTTP (three requests a move, hundreds of moves in the longer games)
    was most of this suite's time once it covered every player count."""
    for token in tokens:
        if api.view(game_id)["status"] != "active":
            return  # the bots of the seats given up so far played the game to its end
        forfeited = api.http.post(f"/v1/games/{game_id}/forfeit", headers=bearer(token))
        assert forfeited.status_code == 200, forfeited.text


# games played at most until one lasts long enough for two searches: a barbu round can end in its first trick (the
# king of hearts taken at once), and the game id, hence the deal, is new at each run
GAMES_AT_MOST = 5


@pytest.mark.parametrize(("game", "players"), GAMES)
async def test_no_seat_sees_another_seats_secrets(api: Tapis, services: Services, game: str, players: int) -> None:
    for _ in range(GAMES_AT_MOST):
        searched, secrets_found = await search_a_game(api, services, game, players)
        if searched >= 2:
            break
    assert searched >= 2, f"{GAMES_AT_MOST} games ended before anything was searched"
    assert secrets_found > 0, "nothing hidden was found to search for: the derivation is broken"


async def search_a_game(api: Tapis, services: Services, game: str, players: int) -> tuple[int, int]:
    """Plays a new game with random legal moves, searching every seat's responses at CHECKS moments for what the
    other seats hold; the moments searched and the secrets searched for."""
    game_id, _, tokens = api.new_game(game, players, shortest_options(game, players))
    record = await services.repo.record(game_id)
    rules = codec(game).rules
    draws = Draws(b"secrets", game_id)
    searched = secrets_found = 0
    for step in range(100_000):
        view = api.view(game_id)
        if view["status"] != "active":
            break
        # the first two moments, then every seventh: a round may be short (barbu's king of hearts ends its round
        # at the trick that takes the king, in the first trick of a game now and then)
        if (step < 2 or step % 7 == 0) and searched < CHECKS:
            searched += 1
            table = await services.repo.replay(game_id, codec(game))
            events = codec(game).events(await services.repo.store.read_stream(game_id))
            moves = {s: api.moves(game_id, tokens[s]) for s in range(players)}
            for seat in range(players):
                full = msgspec.to_builtins(tables.view(rules, table, Viewer(seat=seat, sees_all=True)))
                mine = msgspec.to_builtins(tables.view(rules, table, seat_viewer(seat)))
                history = compact(
                    [msgspec.to_builtins(tables.redact(rules, table, e, seat_viewer(seat))) for e in events]
                )
                # the seat's own legal moves are its own too: a deposit of the two cards it holds may look like
                # another seat's two-card hand
                hidden = secrets_of_others(full, mine, history + compact(moves[seat])) | {record.seed.hex()}
                secrets_found += len(hidden) - 1
                others = [m for s, ms in moves.items() if s != seat for m in ms if m not in moves[seat]]
                for text in responses_to(api, game_id, tokens[seat], table.version, others):
                    leaked = [h for h in hidden if h in text]
                    assert not leaked, f"{game} seat {seat} at v{table.version} sees {leaked[:2]} in {text[:300]}"
        elif searched == CHECKS:
            finish_with_bots(api, game_id, tokens)
            continue
        seat = view["awaiting"][0]
        moves_now = api.moves(game_id, tokens[seat])
        response = api.command(game_id, tokens[seat], moves_now[draws.draw(len(moves_now))])
        assert response.status_code == 200, response.text
    # the seed, hidden from every seat while the game is played, is published once it has ended
    assert msgspec.json.decode(api.http.get(f"/v1/games/{game_id}").content)["seed"] == record.seed.hex()
    return searched, secrets_found
