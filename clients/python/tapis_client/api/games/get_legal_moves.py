from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.barbu_legal_moves import BarbuLegalMoves
from ...models.bohnanza_legal_moves import BohnanzaLegalMoves
from ...models.daron_legal_moves import DaronLegalMoves
from ...models.error import Error
from ...models.le_baron_legal_moves import LeBaronLegalMoves
from ...models.six_nimmt_legal_moves import SixNimmtLegalMoves
from typing import cast



def _get_kwargs(
    game_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/legal-moves".format(game_id=quote(str(game_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BarbuLegalMoves | BohnanzaLegalMoves | DaronLegalMoves | LeBaronLegalMoves | SixNimmtLegalMoves | Error | None:
    if response.status_code == 200:
        def _parse_response_200(data: object) -> BarbuLegalMoves | BohnanzaLegalMoves | DaronLegalMoves | LeBaronLegalMoves | SixNimmtLegalMoves:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_legal_moves_type_0 = SixNimmtLegalMoves.from_dict(data)



                return componentsschemas_legal_moves_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_legal_moves_type_1 = LeBaronLegalMoves.from_dict(data)



                return componentsschemas_legal_moves_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_legal_moves_type_2 = BarbuLegalMoves.from_dict(data)



                return componentsschemas_legal_moves_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_legal_moves_type_3 = BohnanzaLegalMoves.from_dict(data)



                return componentsschemas_legal_moves_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_legal_moves_type_4 = DaronLegalMoves.from_dict(data)



            return componentsschemas_legal_moves_type_4

        response_200 = _parse_response_200(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BarbuLegalMoves | BohnanzaLegalMoves | DaronLegalMoves | LeBaronLegalMoves | SixNimmtLegalMoves | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[BarbuLegalMoves | BohnanzaLegalMoves | DaronLegalMoves | LeBaronLegalMoves | SixNimmtLegalMoves | Error]:
    """ What the bearer's seat may send now

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BarbuLegalMoves | BohnanzaLegalMoves | DaronLegalMoves | LeBaronLegalMoves | SixNimmtLegalMoves | Error]
     """


    kwargs = _get_kwargs(
        game_id=game_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> BarbuLegalMoves | BohnanzaLegalMoves | DaronLegalMoves | LeBaronLegalMoves | SixNimmtLegalMoves | Error | None:
    """ What the bearer's seat may send now

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BarbuLegalMoves | BohnanzaLegalMoves | DaronLegalMoves | LeBaronLegalMoves | SixNimmtLegalMoves | Error
     """


    return sync_detailed(
        game_id=game_id,
client=client,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[BarbuLegalMoves | BohnanzaLegalMoves | DaronLegalMoves | LeBaronLegalMoves | SixNimmtLegalMoves | Error]:
    """ What the bearer's seat may send now

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BarbuLegalMoves | BohnanzaLegalMoves | DaronLegalMoves | LeBaronLegalMoves | SixNimmtLegalMoves | Error]
     """


    kwargs = _get_kwargs(
        game_id=game_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> BarbuLegalMoves | BohnanzaLegalMoves | DaronLegalMoves | LeBaronLegalMoves | SixNimmtLegalMoves | Error | None:
    """ What the bearer's seat may send now

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BarbuLegalMoves | BohnanzaLegalMoves | DaronLegalMoves | LeBaronLegalMoves | SixNimmtLegalMoves | Error
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,

    )).parsed
