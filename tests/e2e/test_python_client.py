"""The Python client shipped in clients/python (openapi-python-client's, from openapi.yaml) plays a whole game against
`tapis serve`, through every kind of answer: the generated models parse each one (the view's `state` as the game's own
model, the legal moves as the game's commands) and build every command.

The client is imported from clients/python itself (`make clients-check` in CI fails when it is not what openapi.yaml
generates, so a spec the generator misreads fails there, and an answer the spec describes wrongly fails here); no
bytecode is written beside it. tests/e2e/test_shipped_clients.py installs it as a reader would, for the README.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "python"
PACKAGE = "tapis_client"
MODULES = ["models", *(f"api.games.{name}" for name in ("create_game", "join_game", "start_game", "get_game"))]
MODULES += [f"api.games.{name}" for name in ("get_legal_moves", "send_command", "audit_game")]


@pytest.fixture(scope="module")
def client_package() -> Iterator[ModuleType]:
    sys.path.insert(0, str(CLIENT))
    writes, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # the tree stays as it was
    try:
        package = importlib.import_module(PACKAGE)
        for name in MODULES:  # imported now, while no bytecode is written
            importlib.import_module(f"{PACKAGE}.{name}")
        yield package
    finally:
        sys.dont_write_bytecode = writes
        sys.path.remove(str(CLIENT))
        for name in [name for name in sys.modules if name == PACKAGE or name.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def module(name: str) -> Any:
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_a_generated_client_plays_a_whole_game(client_package: ModuleType, server: str) -> None:
    models = module("models")
    create_game = module("api.games.create_game")
    join_game = module("api.games.join_game")
    start_game = module("api.games.start_game")
    get_game = module("api.games.get_game")
    get_legal_moves = module("api.games.get_legal_moves")
    send_command = module("api.games.send_command")
    audit_game = module("api.games.audit_game")

    anyone = client_package.Client(base_url=server, timeout=30.0)

    # create: one round of six-nimmt for three seats
    body = models.CreateGame(
        game="six-nimmt",
        players=3,
        options=models.CreateGameOptionsType0.from_dict({"end": {"kind": "rounds", "rounds": 1}}),
    )
    created = create_game.sync_detailed(client=anyone, body=body)
    assert created.status_code == 201, created.content
    assert isinstance(created.parsed, models.GameCreatedBody)
    game_id = created.parsed.game_id
    admin = client_package.AuthenticatedClient(base_url=server, token=created.parsed.admin_token, timeout=30.0)

    # one person joins, the admin seats two bots
    joined = join_game.sync_detailed(game_id, client=anyone, body=models.JoinSeat(name="ann", entropy="a1b2c3d4"))
    assert joined.status_code == 201, joined.content
    assert isinstance(joined.parsed, models.SeatTaken)
    me = joined.parsed.seat
    player = client_package.AuthenticatedClient(base_url=server, token=joined.parsed.player_token, timeout=30.0)
    for bot in ("smart", "random"):
        seated = join_game.sync_detailed(game_id, client=admin, body=models.JoinSeat(bot=bot))
        assert seated.status_code == 201, seated.content

    started = start_game.sync_detailed(game_id, client=admin)
    assert started.status_code == 200, started.content
    assert started.parsed.status == models.GameViewStatus.ACTIVE

    # the view parses into the game's own model, the hand included
    view = get_game.sync_detailed(game_id, client=player).parsed
    assert isinstance(view.state, models.SixNimmtView)
    assert len(view.state.hand) == 10

    played = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        view = get_game.sync_detailed(game_id, client=player).parsed
        if view.status == models.GameViewStatus.FINISHED:
            break
        legal = get_legal_moves.sync_detailed(game_id, client=player)
        assert legal.status_code == 200, legal.content
        # typed per game (the spec's LegalMoves, tagged by `game`): each move is the command model it is sent as
        assert isinstance(legal.parsed, models.SixNimmtLegalMoves)
        if me not in view.awaiting or not legal.parsed.moves:
            time.sleep(0.05)  # the bots are playing (in the background of the server)
            continue
        move = legal.parsed.moves[0]
        assert isinstance(move, models.SixNimmtPlayCard | models.SixNimmtChooseRow)
        answer = send_command.sync_detailed(game_id, client=player, body=move, idempotency_key=f"move-{played}")
        assert answer.status_code == 200, answer.content
        assert isinstance(answer.parsed, models.CommandResult)
        assert answer.parsed.version > view.version
        played += 1
    else:
        pytest.fail("the game did not finish in two minutes")

    assert played >= 10  # a card a turn, and a row when one was too low
    final = get_game.sync_detailed(game_id, client=anyone).parsed
    assert isinstance(final, models.GameView)
    assert final.status == models.GameViewStatus.FINISHED
    assert len(final.scores) == 3
    assert final.winners
    assert isinstance(final.seed, str)
    audit = audit_game.sync_detailed(game_id, client=anyone)
    assert audit.status_code == 200, audit.content
    assert isinstance(audit.parsed, models.AuditReport)
    assert audit.parsed.ok is True
