from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.catalog_detail import CatalogDetail
from ...models.error import Error
from ...models.get_game_catalog_game import GetGameCatalogGame
from typing import cast



def _get_kwargs(
    game: GetGameCatalogGame,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/catalog/{game}".format(game=quote(str(game), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CatalogDetail | Error | None:
    if response.status_code == 200:
        response_200 = CatalogDetail.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CatalogDetail | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game: GetGameCatalogGame,
    *,
    client: AuthenticatedClient | Client,

) -> Response[CatalogDetail | Error]:
    """ One game: options, commands and card data

    Args:
        game (GetGameCatalogGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CatalogDetail | Error]
     """


    kwargs = _get_kwargs(
        game=game,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game: GetGameCatalogGame,
    *,
    client: AuthenticatedClient | Client,

) -> CatalogDetail | Error | None:
    """ One game: options, commands and card data

    Args:
        game (GetGameCatalogGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CatalogDetail | Error
     """


    return sync_detailed(
        game=game,
client=client,

    ).parsed

async def asyncio_detailed(
    game: GetGameCatalogGame,
    *,
    client: AuthenticatedClient | Client,

) -> Response[CatalogDetail | Error]:
    """ One game: options, commands and card data

    Args:
        game (GetGameCatalogGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CatalogDetail | Error]
     """


    kwargs = _get_kwargs(
        game=game,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game: GetGameCatalogGame,
    *,
    client: AuthenticatedClient | Client,

) -> CatalogDetail | Error | None:
    """ One game: options, commands and card data

    Args:
        game (GetGameCatalogGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CatalogDetail | Error
     """


    return (await asyncio_detailed(
        game=game,
client=client,

    )).parsed
