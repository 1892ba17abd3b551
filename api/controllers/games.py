"""Games: create, list, seats, start, commands, view, legal moves, events, replay, audit, export."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, Response, get, post, route
from litestar.di import NamedDependency
from litestar.enums import HttpMethod
from litestar.exceptions import InternalServerException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, FromQuery, HeaderParameter, JSONBody, QueryParameter

from api.controllers.options import allow
from api.dependencies import MAX_VERSION, Services
from api.schemas import CreateGame, JoinSeat
from services.export_format import ExportDocument
from services.results import (
    AuditReport,
    CommandResult,
    EventsPage,
    GameCreatedBody,
    GameList,
    GameView,
    LegalMoves,
    SeatTaken,
)

JSON = "application/json"


class GamesController(Controller):
    path = "/v1/games"
    tags = ["games"]

    # named to sort first: Litestar 2 registers a controller's handlers by name, and only when the first handler of
    # a path answers OPTIONS does no automatic (one-method) answer shadow it
    @route("/", http_method=HttpMethod.OPTIONS, include_in_schema=False)
    async def allowed_methods(self) -> Response[None]:
        return allow("GET", "POST")

    @post("/", operation_id="createGame", summary="Create a game (returns its admin token)", status_code=201)
    async def create(
        self,
        data: JSONBody[CreateGame],
        services: NamedDependency[Services],
        api_key: Annotated[str | None, HeaderParameter(name="X-API-Key", required=False)] = None,
    ) -> GameCreatedBody:
        return await services.commands.create(
            data.game,
            data.players,
            data.options,
            data.seed,
            api_key,
            turn_seconds=data.turn_seconds,
            private=data.private,
        )

    @get(
        "/",
        operation_id="listGames",
        summary="List games (the lobby; private games never); with X-API-Key, that portal's games only",
    )
    async def listing(
        self,
        services: NamedDependency[Services],
        game: FromQuery[str | None] = None,
        status: FromQuery[str | None] = None,
        limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 50,
        api_key: Annotated[str | None, HeaderParameter(name="X-API-Key", required=False)] = None,
    ) -> GameList:
        key_id = await services.keys.identify(api_key)
        portal = (services.keys.store, key_id) if key_id is not None else None
        return await services.queries.listing(game, status, limit, portal)

    @post("/{game_id:str}/seats", operation_id="joinGame", summary="Take a seat (a player) or seat a bot (admin)")
    async def join(
        self,
        game_id: FromPath[str],
        data: JSONBody[JoinSeat],
        services: NamedDependency[Services],
        token: NamedDependency[str | None],
    ) -> Response[SeatTaken]:
        taken = await services.commands.join(
            game_id,
            token,
            data.name,
            data.seat,
            data.bot,
            data.entropy,
            join_code=data.join_code,
            commitment=data.entropy_commitment,
        )
        return Response(taken, status_code=201)

    @post("/{game_id:str}/start", operation_id="startGame", summary="Deal and start (admin)", status_code=200)
    async def start(
        self, game_id: FromPath[str], services: NamedDependency[Services], token: NamedDependency[str | None]
    ) -> GameView:
        # the game as this request left it: the runner, woken at its end, may have played on since
        return await services.queries.view(game_id, token, await services.commands.start(game_id, token))

    @post(
        "/{game_id:str}/commands",
        operation_id="sendCommand",
        summary="Send a game command (body: one of the game's commands, tagged by `type`)",
        status_code=200,
        responses={
            200: ResponseSpec(CommandResult, description="Request fulfilled, document follows", generate_examples=False)
        },
    )
    async def command(
        self,
        game_id: FromPath[str],
        request: Request[Any, Any, Any],
        if_match: Annotated[str | None, HeaderParameter(name="If-Match", required=False)] = None,
        idempotency_key: Annotated[str | None, HeaderParameter(name="Idempotency-Key", required=False)] = None,
    ) -> Response[CommandResult]:
        """Declared for the OpenAPI document only (its path, headers and answer; api/openapi.py adds the body):
        api/command_route.py serves the route, in front of Litestar's router, so no request reaches this."""
        raise InternalServerException("POST /v1/games/{game_id}/commands is served by api/command_route.py")

    @get("/{game_id:str}", operation_id="getGame", summary="The game as the bearer may see it")
    async def view(
        self,
        game_id: FromPath[str],
        services: NamedDependency[Services],
        token: NamedDependency[str | None],
        if_none_match: Annotated[str | None, HeaderParameter(name="If-None-Match", required=False)] = None,
    ) -> Response[GameView]:
        shown = await services.queries.view(game_id, token)
        etag = f'"{shown.version}"'
        if if_none_match is not None and etag in {v.strip().removeprefix("W/") for v in if_none_match.split(",")}:
            return Response(None, status_code=304, headers={"ETag": etag})  # type: ignore[arg-type]
        return Response(shown, headers={"ETag": etag})

    @get("/{game_id:str}/legal-moves", operation_id="getLegalMoves", summary="What the bearer's seat may send now")
    async def legal_moves(
        self, game_id: FromPath[str], services: NamedDependency[Services], token: NamedDependency[str | None]
    ) -> LegalMoves:
        return await services.queries.legal_moves(game_id, token)

    @get("/{game_id:str}/events", operation_id="getEvents", summary="The game's events, redacted for the bearer")
    async def events(
        self,
        game_id: FromPath[str],
        services: NamedDependency[Services],
        token: NamedDependency[str | None],
        after: Annotated[int, QueryParameter(ge=0, le=MAX_VERSION)] = 0,
        limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 100,
    ) -> EventsPage:
        return await services.queries.events(game_id, token, after, limit)

    @get("/{game_id:str}/replay", operation_id="replayGame", summary="The bearer's view as it stood at a version")
    async def replay(
        self,
        game_id: FromPath[str],
        services: NamedDependency[Services],
        token: NamedDependency[str | None],
        version: Annotated[int, QueryParameter(ge=1, le=MAX_VERSION)],
    ) -> GameView:
        return await services.queries.replay(game_id, token, version)

    @get("/{game_id:str}/audit", operation_id="auditGame", summary="Check a finished game: seed, shuffles, replay")
    async def audit(self, game_id: FromPath[str], services: NamedDependency[Services]) -> AuditReport:
        return await services.auditor.audit(game_id)

    @get(
        "/{game_id:str}/export",
        operation_id="exportGame",
        summary="The game as one versioned JSON document (docs/export-format.md); all of it once finished",
        media_type=JSON,
        responses={200: ResponseSpec(ExportDocument, description="The export document", generate_examples=False)},
    )
    async def export(
        self, game_id: FromPath[str], services: NamedDependency[Services], token: NamedDependency[str | None]
    ) -> Response[bytes]:
        # the bytes as the use case encoded them (sorted keys, no whitespace): the same game, the same document
        return Response(await services.exports.export(game_id, token), media_type=JSON)
