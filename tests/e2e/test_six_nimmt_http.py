"""Six-nimmt over HTTP from create to `finished`, as a client meets it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.client import Tapis, bearer

pytestmark = pytest.mark.e2e

CASES = [
    (2, {}),
    (4, {}),
    (10, {}),
    (2, {"deck": "full"}),
    (4, {"deck": "full", "end": {"kind": "rounds", "rounds": 2}}),
    (10, {"deck": "full"}),
    (2, {"variant": "pro"}),
    (4, {"variant": "pro", "end": {"kind": "rounds", "rounds": 1}}),
    (10, {"variant": "pro"}),
]


@pytest.mark.parametrize(("players", "options"), CASES)
def test_full_game(api: Tapis, players: int, options: dict[str, Any]) -> None:
    game_id, _, tokens = api.new_game("six-nimmt", players, options)
    final = api.play_to_end(game_id, tokens)
    assert final["status"] == "finished"
    scores = final["scores"]
    assert final["winners"] == [seat for seat, s in enumerate(scores) if s == min(scores)]
    end = options.get("end", {"kind": "threshold", "points": 66})
    if end["kind"] == "threshold":
        assert max(scores) >= end["points"]
    else:
        assert final["state"]["round"] == end["rounds"]
    assert final["seed"] is not None
    audit = api.http.get(f"/v1/games/{game_id}/audit").json()
    assert audit["ok"], audit["checks"]
    # everything is public once the game has ended
    events = api.http.get(f"/v1/games/{game_id}/events", params={"limit": 1000}).json()["events"]
    dealt = [e for e in events if e["type"] == "CardsDealt"]
    assert all(all(len(h) == 10 for h in e["data"]["hands"]) for e in dealt)


def test_worked_session_view_etag_replay(api: Tapis) -> None:
    game_id, _, tokens = api.new_game("six-nimmt", 4, seed="00" * 32)
    first = api.http.get(f"/v1/games/{game_id}", headers=bearer(tokens[0]))
    etag = first.headers["etag"]
    assert etag == f'"{first.json()["version"]}"'
    unchanged = api.http.get(f"/v1/games/{game_id}", headers={**bearer(tokens[0]), "If-None-Match": etag})
    assert unchanged.status_code == 304
    card = first.json()["state"]["hand"][0]
    played = api.command(game_id, tokens[0], {"type": "play_card", "card": card}, **{"If-Match": etag})
    assert played.status_code == 200, played.text
    version = first.json()["version"]
    answer = played.json()
    # the recorded command first (whole for its sender), then what it did; the answer ends at the chain's head
    accepted, chosen = answer["events"]
    assert (accepted["version"], accepted["type"]) == (version + 1, "CommandAccepted")
    command = {"action": "play", "seat": 0, "command": {"type": "play_card", "card": card}}
    assert accepted["data"] == {"by": "player", "command": command}
    assert {k: chosen[k] for k in ("version", "type", "data")} == {
        "version": version + 2,
        "type": "CardChosen",
        "data": {"seat": 0, "card": card},
    }
    assert answer["chain_head"] == chosen["chain"]
    changed = api.http.get(f"/v1/games/{game_id}", headers={**bearer(tokens[0]), "If-None-Match": etag})
    assert changed.status_code == 200
    replay = api.http.get(f"/v1/games/{game_id}/replay", params={"version": version}, headers=bearer(tokens[0])).json()
    assert replay["version"] == version
    assert replay["state"]["chosen"] == [False] * 4
    assert replay["state"]["hand"] == first.json()["state"]["hand"]
    listing = api.http.get("/v1/games", params={"game": "six-nimmt", "status": "active"}).json()["games"]
    assert any(g["game_id"] == game_id for g in listing)
    catalog = api.http.get("/v1/catalog/six-nimmt").json()
    assert catalog["min_players"] == 2 and catalog["max_players"] == 10
    assert catalog["options"]["deck"] == "reduced"
    assert sorted(catalog["commands"]) == ["choose_row", "draft_card", "play_card"]
    assert api.http.get("/v1/health").json() == {"status": "ok", "postgres": "ok", "redis": "ok"}


def test_bots_fill_seats_and_finish(api: Tapis) -> None:
    created = api.create("six-nimmt", 3, {"end": {"kind": "rounds", "rounds": 1}})
    game_id, admin = created["game_id"], created["admin_token"]
    for level in ("random", "smart"):
        seated = api.http.post(f"/v1/games/{game_id}/seats", json={"bot": level}, headers=bearer(admin))
        assert seated.status_code == 201, seated.text
        assert "player_token" not in seated.json()
    me = api.join(game_id, "human")["player_token"]
    api.start(game_id, admin)
    final = api.play_to_end(game_id, [me, me, me])
    assert final["status"] == "finished"
    events = api.http.get(f"/v1/games/{game_id}/events", params={"limit": 1000}).json()["events"]
    assert {e["data"]["seat"] for e in events if e["type"] == "CardChosen"} == {0, 1, 2}
