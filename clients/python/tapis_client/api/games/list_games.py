from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.game_list import GameList
from ...models.list_games_status import ListGamesStatus
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    game: None | str | Unset = UNSET,
    status: ListGamesStatus | Unset = UNSET,
    limit: int | Unset = 50,
    x_api_key: None | str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_api_key, Unset):
        headers["X-API-Key"] = x_api_key



    

    params: dict[str, Any] = {}

    json_game: None | str | Unset
    if isinstance(game, Unset):
        json_game = UNSET
    else:
        json_game = game
    params["game"] = json_game

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | GameList | None:
    if response.status_code == 200:
        response_200 = GameList.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())



        return response_409

    if response.status_code == 412:
        response_412 = Error.from_dict(response.json())



        return response_412

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | GameList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    game: None | str | Unset = UNSET,
    status: ListGamesStatus | Unset = UNSET,
    limit: int | Unset = 50,
    x_api_key: None | str | Unset = UNSET,

) -> Response[Error | GameList]:
    """ List games (the lobby; private games never); with X-API-Key, that portal's games only

    Args:
        game (None | str | Unset):
        status (ListGamesStatus | Unset):
        limit (int | Unset):  Default: 50.
        x_api_key (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GameList]
     """


    kwargs = _get_kwargs(
        game=game,
status=status,
limit=limit,
x_api_key=x_api_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    game: None | str | Unset = UNSET,
    status: ListGamesStatus | Unset = UNSET,
    limit: int | Unset = 50,
    x_api_key: None | str | Unset = UNSET,

) -> Error | GameList | None:
    """ List games (the lobby; private games never); with X-API-Key, that portal's games only

    Args:
        game (None | str | Unset):
        status (ListGamesStatus | Unset):
        limit (int | Unset):  Default: 50.
        x_api_key (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GameList
     """


    return sync_detailed(
        client=client,
game=game,
status=status,
limit=limit,
x_api_key=x_api_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    game: None | str | Unset = UNSET,
    status: ListGamesStatus | Unset = UNSET,
    limit: int | Unset = 50,
    x_api_key: None | str | Unset = UNSET,

) -> Response[Error | GameList]:
    """ List games (the lobby; private games never); with X-API-Key, that portal's games only

    Args:
        game (None | str | Unset):
        status (ListGamesStatus | Unset):
        limit (int | Unset):  Default: 50.
        x_api_key (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GameList]
     """


    kwargs = _get_kwargs(
        game=game,
status=status,
limit=limit,
x_api_key=x_api_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    game: None | str | Unset = UNSET,
    status: ListGamesStatus | Unset = UNSET,
    limit: int | Unset = 50,
    x_api_key: None | str | Unset = UNSET,

) -> Error | GameList | None:
    """ List games (the lobby; private games never); with X-API-Key, that portal's games only

    Args:
        game (None | str | Unset):
        status (ListGamesStatus | Unset):
        limit (int | Unset):  Default: 50.
        x_api_key (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GameList
     """


    return (await asyncio_detailed(
        client=client,
game=game,
status=status,
limit=limit,
x_api_key=x_api_key,

    )).parsed
