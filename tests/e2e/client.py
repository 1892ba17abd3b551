"""A small HTTP client for the tests: the calls a game client makes, and a loop that plays to the end."""

from __future__ import annotations

from typing import Any

import httpx

from domain.kernel.shuffle import Draws


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


class Tapis:
    def __init__(self, http: httpx.Client) -> None:
        self.http = http

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
        response = self.http.get(f"/v1/games/{game_id}", headers=bearer(token))
        assert response.status_code == 200, response.text
        view: dict[str, Any] = response.json()
        return view

    def moves(self, game_id: str, token: str) -> list[dict[str, Any]]:
        response = self.http.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(token))
        assert response.status_code == 200, response.text
        moves: list[dict[str, Any]] = response.json()["moves"]
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
            response = self.command(game_id, tokens[seat], moves[draws.draw(len(moves))])
            assert response.status_code == 200, response.text
        raise AssertionError("the game did not end")
