"""What `tapis serve` runs takes `POST /v1/games/{id}/commands` on its own route (api/command_route.py), with or
without a trailing slash (the one implementation of the route: Litestar's handler only declares it for the OpenAPI
document), and leaves every other request to Litestar's router."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from api.app import serve_app
from api.command_route import CommandRoute
from infra.settings import Settings
from tests.ops import bearer, new_game, ops_settings

pytestmark = pytest.mark.integration


async def test_commands_take_the_route_and_the_rest_goes_to_litestar(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = serve_app(ops_settings(settings, log_level="warning"), run_projector=False)
    # issue 32, item 1: the route is installed in front of Litestar's router, inside the app (it was a second app
    # around it, beside a live Litestar handler that took the trailing slash)
    assert isinstance(app, Litestar) and isinstance(app.asgi_handler, CommandRoute)
    taken: list[str] = []
    real = CommandRoute._command

    async def counted(self: CommandRoute, scope: Any, receive: Any) -> Any:
        taken.append(scope["path"])
        return await real(self, scope, receive)

    monkeypatch.setattr(CommandRoute, "_command", counted)
    async with AsyncTestClient(app) as client:
        game_id, _, tokens = await new_game(client)
        assert taken == [], "creating, joining and starting are Litestar's"
        moves = (await client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(tokens[0]))).json()["moves"]
        sent = await client.post(f"/v1/games/{game_id}/commands", json=moves[0], headers=bearer(tokens[0]))
        assert sent.status_code == 200, sent.text
        assert sent.headers["etag"] == f'"{sent.json()["version"]}"' and sent.headers["x-request-id"]
        assert taken == [f"/v1/games/{game_id}/commands"]
        slashed = await client.post(f"/v1/games/{game_id}/commands/", json=moves[0], headers=bearer(tokens[0]))
        assert slashed.status_code in {409, 422}, slashed.text  # the card is played already: the route answered it
        assert taken == [f"/v1/games/{game_id}/commands"] * 2, "the trailing slash normalised, as Litestar's does"
