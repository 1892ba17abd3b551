"""Seats over time: leave the lobby, forfeit to a bot, rematch with the same seats."""

from __future__ import annotations

from litestar import Controller, post
from litestar.di import NamedDependency
from litestar.params import FromPath

from api.dependencies import Services
from services.results import RematchBody, SeatChange


class SeatsController(Controller):
    path = "/v1/games"
    tags = ["seats"]

    @post(
        "/{game_id:str}/leave", operation_id="leaveGame", summary="Give up the bearer's seat (lobby)", status_code=200
    )
    async def leave(
        self, game_id: FromPath[str], services: NamedDependency[Services], token: NamedDependency[str | None]
    ) -> SeatChange:
        return await services.seats.leave(game_id, token)

    @post(
        "/{game_id:str}/forfeit",
        operation_id="forfeitSeat",
        summary="Forfeit during play: a smart bot takes the bearer's seat",
        status_code=200,
    )
    async def forfeit(
        self, game_id: FromPath[str], services: NamedDependency[Services], token: NamedDependency[str | None]
    ) -> SeatChange:
        return await services.seats.forfeit(game_id, token)

    @post(
        "/{game_id:str}/rematch",
        operation_id="rematchGame",
        summary="Create the next game with the same seats (admin; new tokens go to each seat's stream)",
        status_code=201,
    )
    async def rematch(
        self, game_id: FromPath[str], services: NamedDependency[Services], token: NamedDependency[str | None]
    ) -> RematchBody:
        return await services.seats.rematch(game_id, token)
