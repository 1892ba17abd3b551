"""The command route (api/command_route.py) answers a path as Litestar's router reads it.

`POST /v1/games/{id}/commands` is served by that route alone (Litestar's handler only declares it for the OpenAPI
document); the same path with a trailing slash, which Litestar's router would route to the same handler, is
normalised and served by it too. Every request below goes down both paths, on one `tapis serve`, and the answers
must be the same bytes: status, headers (but the date and the request's id) and body. Accepted commands are compared
through their idempotency keys: the answer of a command sent down one path, and the stored answer replayed when the
same key comes down the other.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import msgspec
import pytest

from infra.embedded import ServiceUrls
from tests import local_http
from tests.e2e.client import Tapis, bearer
from tests.e2e.conftest import serving

pytestmark = pytest.mark.e2e

FAST, LITESTAR = "commands", "commands/"
VARYING = {"date", "x-request-id"}
MAX_BODY = 2048


@pytest.fixture(scope="module")
def base(migrated_urls: ServiceUrls) -> Iterator[str]:
    # a small body limit, so that a body past it is quick to send; limits on for the 429 below
    with serving(migrated_urls, {"TAPIS_MAX_BODY_BYTES": str(MAX_BODY), "TAPIS_RATE_COMMANDS": "1000/60"}) as url:
        yield url


@pytest.fixture(scope="module")
def http(base: str) -> Iterator[httpx.Client]:
    with local_http.client(base_url=base, timeout=30) as client:
        yield client


def answer(response: httpx.Response) -> tuple[int, list[tuple[str, str]], bytes]:
    headers = [(name, value) for name, value in response.headers.multi_items() if name not in VARYING]
    return response.status_code, headers, response.content


def both(http: httpx.Client, game_id: str, **request: Any) -> tuple[Any, Any]:
    fast = http.post(f"/v1/games/{game_id}/{FAST}", **request)
    slow = http.post(f"/v1/games/{game_id}/{LITESTAR}", **request)
    return answer(fast), answer(slow)


@pytest.fixture(scope="module")
def game(http: httpx.Client) -> tuple[str, list[str]]:
    game_id, _, tokens = Tapis(http).new_game("six-nimmt", 2, seed="c0" * 32)
    return game_id, tokens


def legal(http: httpx.Client, game_id: str, token: str) -> dict[str, Any]:
    moves: list[dict[str, Any]] = Tapis(http).moves(game_id, token)
    return moves[0]


JSON = {"content-type": "application/json"}


@pytest.mark.parametrize(
    ("case", "headers", "content"),
    [
        ("no token", JSON, b'{"type":"play_card","card":1}'),
        ("not a bearer", {**JSON, "authorization": "Basic abc"}, b'{"type":"play_card","card":1}'),
        ("an empty bearer", {**JSON, "authorization": "Bearer"}, b"{}"),
        ("a wrong token", {**JSON, "authorization": "Bearer nope"}, b'{"type":"play_card","card":1}'),
    ],
)
def test_refusals_before_the_seat_read_alike(
    http: httpx.Client, game: tuple[str, list[str]], case: str, headers: dict[str, str], content: bytes
) -> None:
    fast, slow = both(http, game[0], headers=headers, content=content)
    assert fast == slow, case
    assert fast[0] in {401, 403}, (case, fast)


@pytest.mark.parametrize(
    ("case", "extra", "content", "status"),
    [
        ("not JSON typed", {"content-type": "text/plain"}, b'{"type":"play_card","card":1}', 415),
        ("no content type", {}, b'{"type":"play_card","card":1}', 415),
        ("JSON with parameters", {"content-type": "Application/JSON; charset=utf-8"}, b"[1", 400),
        ("not JSON", JSON, b"play a card", 400),
        ("too deep", JSON, b"[" * 200 + b"]" * 200, 400),
        ("a NUL", JSON, b'{"type":"play_card","card":1,"x":"\\u0000"}', 400),
        ("an unknown command", JSON, b'{"type":"fly"}', 400),
        ("an illegal card", JSON, b'{"type":"play_card","card":105}', 422),
        ("an empty body", JSON, b"", 400),
        ("a body past the limit", JSON, b'{"type":"play_card","x":"' + b"a" * MAX_BODY + b'"}', 413),
        ("If-Match not a version", {**JSON, "if-match": "twelve"}, b'{"type":"play_card","card":1}', 400),
        ("If-Match stale", {**JSON, "if-match": '"1"'}, b'{"type":"play_card","card":1}', 412),
    ],
)
def test_refusals_of_a_seated_player_read_alike(
    http: httpx.Client, game: tuple[str, list[str]], case: str, extra: dict[str, str], content: bytes, status: int
) -> None:
    game_id, tokens = game
    fast, slow = both(http, game_id, headers={**bearer(tokens[0]), **extra}, content=content)
    assert fast == slow, case
    assert fast[0] == status, (case, fast)


def test_a_body_past_the_limit_without_a_length_reads_alike(http: httpx.Client, game: tuple[str, list[str]]) -> None:
    def chunks() -> Iterator[bytes]:  # chunked: no Content-Length to refuse it by, its bytes count
        yield b'{"type":"play_card","x":"'
        yield b"a" * MAX_BODY
        yield b'"}'

    game_id, tokens = game
    fast = http.post(f"/v1/games/{game_id}/{FAST}", headers={**bearer(tokens[0]), **JSON}, content=chunks())
    slow = http.post(f"/v1/games/{game_id}/{LITESTAR}", headers={**bearer(tokens[0]), **JSON}, content=chunks())
    assert answer(fast) == answer(slow)
    assert fast.status_code == 413 and fast.json()["error"]["code"] == "body_too_large"


def test_an_unknown_game_and_a_control_character_read_alike(http: httpx.Client, game: tuple[str, list[str]]) -> None:
    token = game[1][0]
    fast, slow = both(http, "no-such-game", headers={**bearer(token), **JSON}, content=b'{"type":"play_card"}')
    assert fast == slow and fast[0] == 404
    # refused by a middleware (api/guard.py), before the handler: answered around the middlewares
    fast, slow = both(http, "bad%00id", headers={**bearer(token), **JSON}, content=b'{"type":"play_card"}')
    assert fast == slow and fast[0] == 400
    assert msgspec.json.decode(fast[2])["error"]["code"] == "invalid_path"


def test_accepted_commands_and_their_replays_read_alike(http: httpx.Client) -> None:
    game_id, _, tokens = Tapis(http).new_game("six-nimmt", 2, seed="c1" * 32)
    for seat, (first, second) in enumerate([(FAST, LITESTAR), (LITESTAR, FAST)]):
        move = legal(http, game_id, tokens[seat])
        request: dict[str, Any] = {"json": move, "headers": {**bearer(tokens[seat]), "idempotency-key": f"k{seat}"}}
        sent = http.post(f"/v1/games/{game_id}/{first}", **request)
        assert sent.status_code == 200, sent.text
        assert sent.headers["etag"] == f'"{sent.json()["version"]}"'
        replayed = http.post(f"/v1/games/{game_id}/{second}", **request)
        assert answer(replayed) == answer(sent), (first, second)


def test_the_request_id_is_echoed_and_the_route_counted_alike(http: httpx.Client, game: tuple[str, list[str]]) -> None:
    def counted() -> float:
        text = http.get("/metrics").text
        total = 0.0
        for line in text.splitlines():
            if line.startswith("tapis_http_requests_total{") and 'path="/v1/games/{game_id}/commands"' in line:
                total += float(line.rsplit(" ", 1)[1])
        return total

    before = counted()
    for path in (FAST, LITESTAR):
        sent = http.post(f"/v1/games/{game[0]}/{path}", headers={"x-request-id": f"mine-{len(path)}"}, json={})
        assert sent.headers["x-request-id"] == f"mine-{len(path)}"
    assert counted() - before == 2


def test_the_command_rate_limit_reads_alike(migrated_urls: ServiceUrls) -> None:
    with serving(migrated_urls, {"TAPIS_RATE_COMMANDS": "2/60"}) as url, local_http.client(base_url=url) as client:
        refused = [answer(client.post(f"/v1/games/g/{path}", json={})) for path in (FAST, LITESTAR) * 2]
    assert [status for status, _, _ in refused] == [404, 404, 429, 429]  # both paths count against one limit
    assert refused[2] == refused[3]


def test_the_route_is_left_to_litestar_for_other_methods(http: httpx.Client, game: tuple[str, list[str]]) -> None:
    put = http.put(f"/v1/games/{game[0]}/commands", json={})
    assert put.status_code == 405 and put.json()["error"]["code"] == "method_not_allowed"
    assert "POST" in put.headers["allow"]
    assert http.get(f"/v1/games/{game[0]}/commands").status_code == 405
