"""`If-Match` and `Last-Event-ID` that are not a version: 5,000 digits, or a non-ASCII digit such as `²`.

`str.isdigit` let both through to `int`, which raised (a 500): a superscript is a digit to Python but not to `int`,
and 5,000 digits are past Python's limit of 4,300 for a conversion. Each is now its header's 400, whether the token
is good or not, and nothing is applied.
"""

from __future__ import annotations

import pytest

from tests.adversarial.conftest import game_state, refused
from tests.e2e.client import Tapis

pytestmark = pytest.mark.e2e

# as the bytes go on the wire: Litestar reads header values as latin-1, so b"\xb2" is "²" and the UTF-8 of "²"
# ("\xc2\xb2") is "Â²"; each also inside quotes and after digits
NOT_VERSIONS = [
    b"9" * 5000,
    b'"' + b"9" * 5000 + b'"',
    b"99999999999",  # 11 digits: past any version (a Postgres integer)
    b'"2147483648"',
    b"\xb2",
    b'"\xb2"',
    b'"1\xb2"',
    b'W/"\xc2\xb2"',
    b"\xb9\xb3",  # "¹³"
]


@pytest.mark.parametrize("token_kind", ["player", "bad"])
def test_if_match_that_is_no_version(client: Tapis, running: tuple[str, str, list[str]], token_kind: str) -> None:
    game_id, _, tokens = running
    seat = client.view(game_id)["awaiting"][0]
    token = tokens[seat] if token_kind == "player" else "not-a-token"
    move = client.moves(game_id, tokens[seat])[0]
    before = game_state(client, game_id, tokens[seat])
    for value in NOT_VERSIONS:
        response = client.http.post(
            f"/v1/games/{game_id}/commands",
            json=move,
            headers=[(b"authorization", f"Bearer {token}".encode()), (b"if-match", value)],
        )
        refused(response, 400, "invalid_header")
    assert game_state(client, game_id, tokens[seat]) == before


@pytest.mark.parametrize("token_kind", ["spectator", "player", "bad"])
def test_last_event_id_that_is_no_version(client: Tapis, running: tuple[str, str, list[str]], token_kind: str) -> None:
    game_id, _, tokens = running
    token = {"spectator": None, "player": tokens[0], "bad": "not-a-token"}[token_kind]
    before = game_state(client, game_id, tokens[0])
    for value in NOT_VERSIONS:
        headers = [(b"last-event-id", value.strip(b'"'))]
        if token is not None:
            headers.append((b"authorization", f"Bearer {token}".encode()))
        refused(client.http.get(f"/v1/games/{game_id}/stream", headers=headers), 400, "invalid_last_event_id")
    assert game_state(client, game_id, tokens[0]) == before


def test_if_none_match_of_any_length_is_only_compared(client: Tapis, running: tuple[str, str, list[str]]) -> None:
    game_id, _, _ = running
    for value in (b'"' + b"9" * 5000 + b'"', b'"\xb2"'):
        response = client.http.get(f"/v1/games/{game_id}", headers=[(b"if-none-match", value)])
        assert response.status_code == 200, response.text


def test_a_version_header_in_range_still_works(client: Tapis, running: tuple[str, str, list[str]]) -> None:
    game_id, _, tokens = running
    refused(
        client.http.get(f"/v1/games/{game_id}/stream", headers={"Last-Event-ID": "2147483647"}),
        400,
        "last_event_id_beyond_end",
    )
    seat = client.view(game_id)["awaiting"][0]
    move = client.moves(game_id, tokens[seat])[0]
    stale = client.command(game_id, tokens[seat], move, **{"If-Match": '"2147483647"'})
    refused(stale, 412, "version_mismatch")
