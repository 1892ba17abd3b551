"""Every request a client can get wrong: its status, its stable code, and nothing changed."""

from __future__ import annotations

import pytest

from tests.e2e.client import Tapis, bearer

pytestmark = pytest.mark.e2e


def error(response: object, status: int, code: str) -> None:
    assert response.status_code == status, response.text  # type: ignore[attr-defined]
    body = response.json()  # type: ignore[attr-defined]
    assert body["error"]["code"] == code, body
    assert body["error"]["message"]


@pytest.fixture
def game(api: Tapis) -> tuple[str, str, list[str]]:
    return api.new_game("six-nimmt", 3)


def test_command_errors_change_nothing(api: Tapis, game: tuple[str, str, list[str]]) -> None:
    game_id, admin, tokens = game
    before = api.view(game_id, tokens[0])
    other_hand = api.view(game_id, tokens[1])["state"]["hand"]
    cases = [
        (
            api.http.post(
                f"/v1/games/{game_id}/commands",
                content=b"{bad json",
                headers={**bearer(tokens[0]), "content-type": "application/json"},
            ),
            400,
            "invalid_command",
        ),
        (api.command(game_id, tokens[0], {"type": "fly_away"}), 400, "invalid_command"),
        (api.command(game_id, tokens[0], {"type": "play_card", "card": "ten"}), 400, "invalid_command"),
        (api.command(game_id, tokens[0], {"type": "play_card", "card": 5, "extra": 1}), 400, "invalid_command"),
        (api.command(game_id, tokens[0], {"type": "play_card", "card": other_hand[0]}), 422, "card_not_in_hand"),
        (api.command(game_id, tokens[0], {"type": "choose_row", "row": 1}), 422, "not_asked"),
        (api.command(game_id, None, {"type": "play_card", "card": 1}), 401, "missing_token"),
        (api.command(game_id, "not-a-token", {"type": "play_card", "card": 1}), 401, "invalid_token"),
        (api.command(game_id, admin, {"type": "play_card", "card": 1}), 403, "not_a_player"),
        (api.command("nope", tokens[0], {"type": "play_card", "card": 1}), 404, "game_not_found"),
        (
            api.command(
                game_id, tokens[0], {"type": "play_card", "card": before["state"]["hand"][0]}, **{"If-Match": '"1"'}
            ),
            412,
            "version_mismatch",
        ),
        (
            api.command(game_id, tokens[0], {"type": "play_card", "card": 1}, **{"If-Match": "soon"}),
            400,
            "invalid_header",
        ),
    ]
    for response, status, code in cases:
        error(response, status, code)
    assert api.view(game_id, tokens[0]) == before


def test_tokens_of_another_game_are_refused(api: Tapis, game: tuple[str, str, list[str]]) -> None:
    game_id, _, _ = game
    _, _, other_tokens = api.new_game("six-nimmt", 2)
    error(api.command(game_id, other_tokens[0], {"type": "play_card", "card": 1}), 401, "invalid_token")


def test_lobby_errors(api: Tapis) -> None:
    created = api.create("six-nimmt", 2)
    game_id, admin = created["game_id"], created["admin_token"]
    error(api.http.post(f"/v1/games/{game_id}/start", headers=bearer(admin)), 409, "seats_empty")
    token = api.join(game_id, "ann")["player_token"]
    error(api.command(game_id, token, {"type": "play_card", "card": 1}), 409, "game_not_active")
    error(api.http.post(f"/v1/games/{game_id}/seats", json={"name": "bob", "seat": 0}), 409, "seat_taken")
    error(api.http.post(f"/v1/games/{game_id}/seats", json={"name": "bob", "seat": 5}), 422, "invalid_seat")
    error(api.http.post(f"/v1/games/{game_id}/seats", json={"name": ""}), 422, "invalid_name")
    error(api.http.post(f"/v1/games/{game_id}/start", headers=bearer(token)), 403, "admin_only")
    error(api.http.post(f"/v1/games/{game_id}/start"), 403, "admin_only")
    error(api.http.post(f"/v1/games/{game_id}/seats", json={"bot": "random"}), 403, "admin_only")
    error(
        api.http.post(f"/v1/games/{game_id}/seats", json={"bot": "genius"}, headers=bearer(admin)), 422, "unknown_bot"
    )
    api.join(game_id, "bob")
    error(api.http.post(f"/v1/games/{game_id}/seats", json={"name": "carl"}), 409, "game_full")
    api.start(game_id, admin)
    error(api.http.post(f"/v1/games/{game_id}/start", headers=bearer(admin)), 409, "already_started")


def test_creation_errors(api: Tapis) -> None:
    post = api.http.post
    error(post("/v1/games", json={"game": "poker", "players": 4}), 422, "unknown_game")
    error(post("/v1/games", json={"game": "six-nimmt", "players": 1}), 422, "invalid_players")
    error(post("/v1/games", json={"game": "six-nimmt", "players": 11}), 422, "invalid_players")
    error(
        post("/v1/games", json={"game": "six-nimmt", "players": 4, "options": {"deck": "tiny"}}), 422, "invalid_options"
    )
    error(post("/v1/games", json={"game": "six-nimmt", "players": 4, "options": {"colour": 1}}), 422, "invalid_options")
    error(
        post(
            "/v1/games", json={"game": "six-nimmt", "players": 4, "options": {"end": {"kind": "rounds", "rounds": 0}}}
        ),
        422,
        "invalid_options",
    )
    error(post("/v1/games", json={"game": "six-nimmt", "players": "four"}), 400, "invalid_body")
    error(post("/v1/games", content=b"[1,2", headers={"content-type": "application/json"}), 400, "invalid_body")
    error(post("/v1/games", json={"game": "six-nimmt", "players": 4, "seed": "xyz"}), 400, "invalid_seed")
    error(api.http.get("/v1/games/unknown"), 404, "game_not_found")
    error(api.http.get("/v1/games/unknown/events"), 404, "game_not_found")
    error(api.http.get("/v1/catalog/poker"), 422, "unknown_game")
    error(api.http.get("/v1/nothing-here"), 404, "not_found")
    error(
        api.http.post("/v1/games", content=b"x" * 70_000, headers={"content-type": "application/json"}),
        413,
        "body_too_large",
    )


def test_query_errors(api: Tapis, game: tuple[str, str, list[str]]) -> None:
    game_id, _, _ = game
    error(api.http.get(f"/v1/games/{game_id}/replay", params={"version": 999}), 400, "invalid_version")
    error(api.http.get(f"/v1/games/{game_id}/replay", params={"version": "x"}), 400, "invalid_query")
    error(api.http.get(f"/v1/games/{game_id}/events", params={"limit": 0}), 400, "invalid_query")
    error(api.http.get(f"/v1/games/{game_id}/legal-moves"), 403, "not_a_player")
    error(api.http.get(f"/v1/games/{game_id}/audit"), 409, "game_not_finished")
    error(api.http.get("/v1/games", params={"status": "sleeping"}), 400, "invalid_query")
    error(api.http.get(f"/v1/games/{game_id}", headers={"Authorization": "Basic abc"}), 401, "invalid_token")


def row_choice_game(api: Tapis) -> tuple[str, list[str], bool]:
    """A two-player one-round game played to its end by lowest cards, checking the refusals while a row is asked."""
    game_id, _, tokens = api.new_game("six-nimmt", 2, {"end": {"kind": "rounds", "rounds": 1}})
    asked_seen = False
    for _ in range(100):
        view = api.view(game_id)
        if view["status"] != "active":
            break
        asked = view["state"]["asked"]
        if asked is not None and not asked_seen:
            asked_seen = True
            before = api.view(game_id, tokens[asked])
            error(api.command(game_id, tokens[asked], {"type": "choose_row", "row": 4}), 422, "invalid_row")
            error(api.command(game_id, tokens[asked], {"type": "choose_row", "row": -1}), 422, "invalid_row")
            other = 1 - asked
            hand = api.view(game_id, tokens[other])["state"]["hand"]
            if hand:
                error(api.command(game_id, tokens[other], {"type": "play_card", "card": hand[0]}), 422, "wrong_phase")
            error(api.command(game_id, tokens[other], {"type": "choose_row", "row": 0}), 422, "not_asked")
            assert api.view(game_id, tokens[asked]) == before
        seat = view["awaiting"][0]
        # the lowest card is the likeliest to be too low for every row, which is what this test needs
        move = min(api.moves(game_id, tokens[seat]), key=lambda m: m.get("card", m.get("row", 0)))
        assert api.command(game_id, tokens[seat], move).status_code == 200
    return game_id, tokens, asked_seen


def test_row_choice_and_finished_game_errors(api: Tapis) -> None:
    """Out-of-range row while asked, others blocked meanwhile, and any command once the game is over."""
    # the deal key mixes in the game id (dealing 2): a seed no longer fixes the deal, so play games until one asks
    for _ in range(20):
        game_id, tokens, asked_seen = row_choice_game(api)
        if asked_seen:
            break
    assert asked_seen, "no row choice happened in 20 games"
    assert api.view(game_id)["status"] == "finished"
    error(api.command(game_id, tokens[0], {"type": "play_card", "card": 1}), 409, "game_not_active")
