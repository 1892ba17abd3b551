"""A small HTTP client for the tests: the calls a game client makes, and a loop that plays to the end."""

from __future__ import annotations

import json
import time
import weakref
from http.client import HTTPConnection, HTTPException
from typing import Any

import httpx

from domain.kernel.shuffle import Draws


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


# a connection of `Tapis._call` idle this long is opened anew rather than reused: uvicorn closes one idle for 5 s
# (its keep-alive), and a request sent on a connection the server has just closed fails where it should not
IDLE = 1.0


# headers every httpx client sends of its own: the lean requests send none of them (no Accept-Encoding, so an
# answer is never compressed on their way)
HTTPX_DEFAULTS = {"accept", "accept-encoding", "connection", "user-agent"}


class Tapis:
    def __init__(self, http: httpx.Client, direct: bool = False) -> None:
        """`direct`: `http` reaches a real server at its base URL over a plain socket (no in-process transport,
        no local address of its own), so views, legal moves and `play_to_end`'s commands may go over http.client
        with the client's own headers (`_call`); otherwise every request goes through `http`."""
        self.http = http
        self.direct = direct
        self._headers = {k: v for k, v in http.headers.items() if k.lower() not in HTTPX_DEFAULTS}
        self._plain: HTTPConnection | None = None
        self._used = 0.0  # when `_plain` last answered (time.monotonic())

    def _call(self, method: str, path: str, token: str | None, body: Any = None) -> tuple[int, Any]:
        """A request the tests make by the thousand (views, legal moves, `play_to_end`'s commands): its status and
        JSON, over the standard library's client when the server is `direct`.

        httpx cost 0.94 ms of the test process's CPU a request against 0.27 for http.client (GET of a view, this
        machine); tests/e2e/test_games_http.py went from 67-74 to 42-43 CPU-seconds. Requests whose answer a test
        inspects further (headers, refusals) keep going through `self.http`."""
        if not self.direct:
            answer = self.http.request(method, path, json=body, headers=bearer(token))
            return answer.status_code, answer.json() if answer.content else None
        if self._plain is None:
            url = self.http.base_url
            self._plain = HTTPConnection(url.host, url.port, timeout=30)
            weakref.finalize(self, self._plain.close)  # closed with the client, not left to the socket's finaliser
        elif time.monotonic() - self._used > IDLE:
            self._plain.close()  # the server may have closed it meanwhile: the request opens a new one
        headers = {**self._headers, **bearer(token)}
        if body is not None:
            headers["Content-Type"] = "application/json"
        payload = json.dumps(body).encode() if body is not None else None
        try:
            self._plain.request(method, path, payload, headers)
            response = self._plain.getresponse()
            text = response.read()
        except (HTTPException, OSError):
            self._plain.close()  # a connection the server closed: the next call opens another
            raise
        if response.getheader("Connection", "").lower() == "close":
            self._plain.close()
        self._used = time.monotonic()
        return response.status, json.loads(text) if text else None

    def create(self, game: str, players: int, options: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"game": game, "players": players, **extra}
        if options is not None:
            body["options"] = options
        response = self.http.post("/v1/games", json=body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def join(self, game_id: str, name: str) -> dict[str, Any]:
        response = self.http.post(f"/v1/games/{game_id}/seats", json={"name": name})
        assert response.status_code == 201, response.text
        joined: dict[str, Any] = response.json()
        return joined

    def start(self, game_id: str, admin: str) -> dict[str, Any]:
        response = self.http.post(f"/v1/games/{game_id}/start", headers=bearer(admin))
        assert response.status_code == 200, response.text
        view: dict[str, Any] = response.json()
        return view

    def new_game(
        self, game: str, players: int, options: dict[str, Any] | None = None, seed: str | None = None
    ) -> tuple[str, str, list[str]]:
        created = self.create(game, players, options, **({"seed": seed} if seed else {}))
        game_id = created["game_id"]
        tokens = [self.join(game_id, f"player {seat}")["player_token"] for seat in range(players)]
        self.start(game_id, created["admin_token"])
        return game_id, created["admin_token"], tokens

    def view(self, game_id: str, token: str | None = None) -> dict[str, Any]:
        status, view = self._call("GET", f"/v1/games/{game_id}", token)
        assert status == 200, view
        shown: dict[str, Any] = view
        return shown

    def moves(self, game_id: str, token: str) -> list[dict[str, Any]]:
        status, legal = self._call("GET", f"/v1/games/{game_id}/legal-moves", token)
        assert status == 200, legal
        moves: list[dict[str, Any]] = legal["moves"]
        return moves

    def command(self, game_id: str, token: str | None, body: Any, **headers: str) -> httpx.Response:
        return self.http.post(f"/v1/games/{game_id}/commands", json=body, headers={**bearer(token), **headers})

    def play_to_end(self, game_id: str, tokens: list[str], seed: bytes = b"e2e", limit: int = 50_000) -> dict[str, Any]:
        draws = Draws(seed, game_id)
        for _ in range(limit):
            view = self.view(game_id)
            if view["status"] != "active":
                return view
            seat = view["awaiting"][0]
            moves = self.moves(game_id, tokens[seat])
            status, answer = self._call(
                "POST", f"/v1/games/{game_id}/commands", tokens[seat], moves[draws.draw(len(moves))]
            )
            assert status == 200, answer
        raise AssertionError("the game did not end")
