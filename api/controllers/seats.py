"""Seats over time: leave the lobby, the admin removing a seat, forfeit to a bot, rematch with the same seats."""

from __future__ import annotations

from litestar import Controller, delete, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from api.dependencies import Services
from api.schemas import CommitEntropy, RevealEntropy
from services.results import RematchBody, RematchToken, SeatChange


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
        "/{game_id:str}/commitment",
        operation_id="commitEntropy",
        summary="Commit the bearer's seat to an entropy (dealing 3, lobby): SHA-256 of the entropy, bound to the game",
        status_code=200,
    )
    async def commit(
        self,
        game_id: FromPath[str],
        data: JSONBody[CommitEntropy],
        services: NamedDependency[Services],
        token: NamedDependency[str | None],
    ) -> SeatChange:
        return await services.commands.commit(game_id, token, data.commitment)

    @post(
        "/{game_id:str}/reveal",
        operation_id="revealEntropy",
        summary="Reveal the entropy the bearer's seat committed to, once every seat is taken (dealing 3)",
        status_code=200,
    )
    async def reveal(
        self,
        game_id: FromPath[str],
        data: JSONBody[RevealEntropy],
        services: NamedDependency[Services],
        token: NamedDependency[str | None],
    ) -> SeatChange:
        return await services.commands.reveal(game_id, token, data.entropy)

    @delete(
        "/{game_id:str}/seats/{seat:int}",
        operation_id="removeSeat",
        summary="Free a seat in the lobby (admin): its player's token stops working",
        status_code=200,
    )
    async def remove(
        self,
        game_id: FromPath[str],
        seat: FromPath[int],
        services: NamedDependency[Services],
        token: NamedDependency[str | None],
    ) -> SeatChange:
        return await services.seats.remove(game_id, token, seat)

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
        summary="Create the next game with the same seats (admin; each person's new token comes with their old one)",
        status_code=201,
    )
    async def rematch(
        self, game_id: FromPath[str], services: NamedDependency[Services], token: NamedDependency[str | None]
    ) -> RematchBody:
        return await services.seats.rematch(game_id, token)

    @post(
        "/{game_id:str}/rematch/token",
        operation_id="rematchToken",
        summary="The bearer's seat token in this finished game's rematch (the bearer's token in this game)",
        status_code=200,
    )
    async def rematch_token(
        self, game_id: FromPath[str], services: NamedDependency[Services], token: NamedDependency[str | None]
    ) -> RematchToken:
        return await services.seats.hand_over(game_id, token)
