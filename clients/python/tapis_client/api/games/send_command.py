from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.barbu_choose_contract import BarbuChooseContract
from ...models.barbu_pass import BarbuPass
from ...models.barbu_play_card import BarbuPlayCard
from ...models.bohnanza_accept_trade import BohnanzaAcceptTrade
from ...models.bohnanza_buy_field import BohnanzaBuyField
from ...models.bohnanza_decline_trade import BohnanzaDeclineTrade
from ...models.bohnanza_end_trading import BohnanzaEndTrading
from ...models.bohnanza_harvest import BohnanzaHarvest
from ...models.bohnanza_plant import BohnanzaPlant
from ...models.bohnanza_plant_pending import BohnanzaPlantPending
from ...models.bohnanza_propose_trade import BohnanzaProposeTrade
from ...models.bohnanza_turn_up import BohnanzaTurnUp
from ...models.bohnanza_withdraw_trade import BohnanzaWithdrawTrade
from ...models.command_result import CommandResult
from ...models.daron_accept import DaronAccept
from ...models.daron_brawl import DaronBrawl
from ...models.daron_deposit import DaronDeposit
from ...models.daron_draw import DaronDraw
from ...models.daron_duel import DaronDuel
from ...models.daron_pass import DaronPass
from ...models.daron_riposte import DaronRiposte
from ...models.error import Error
from ...models.le_baron_choose_row import LeBaronChooseRow
from ...models.le_baron_play_card import LeBaronPlayCard
from ...models.six_nimmt_choose_row import SixNimmtChooseRow
from ...models.six_nimmt_draft_card import SixNimmtDraftCard
from ...models.six_nimmt_play_card import SixNimmtPlayCard
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    body: BarbuChooseContract | BarbuPass | BarbuPlayCard | BohnanzaAcceptTrade | BohnanzaBuyField | BohnanzaDeclineTrade | BohnanzaEndTrading | BohnanzaHarvest | BohnanzaPlant | BohnanzaPlantPending | BohnanzaProposeTrade | BohnanzaTurnUp | BohnanzaWithdrawTrade | DaronAccept | DaronBrawl | DaronDeposit | DaronDraw | DaronDuel | DaronPass | DaronRiposte | LeBaronChooseRow | LeBaronPlayCard | SixNimmtChooseRow | SixNimmtDraftCard | SixNimmtPlayCard,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/commands".format(game_id=quote(str(game_id), safe=""),),
    }

    
    if isinstance(body, SixNimmtPlayCard):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SixNimmtChooseRow):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SixNimmtDraftCard):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, LeBaronPlayCard):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, LeBaronChooseRow):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BarbuChooseContract):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BarbuPlayCard):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BarbuPass):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BohnanzaPlant):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BohnanzaTurnUp):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BohnanzaProposeTrade):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BohnanzaAcceptTrade):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BohnanzaWithdrawTrade):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BohnanzaDeclineTrade):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BohnanzaEndTrading):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BohnanzaPlantPending):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BohnanzaHarvest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BohnanzaBuyField):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DaronDeposit):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DaronDraw):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DaronPass):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DaronDuel):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DaronRiposte):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DaronBrawl):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CommandResult | Error | None:
    if response.status_code == 200:
        response_200 = CommandResult.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CommandResult | Error]:
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
    body: BarbuChooseContract | BarbuPass | BarbuPlayCard | BohnanzaAcceptTrade | BohnanzaBuyField | BohnanzaDeclineTrade | BohnanzaEndTrading | BohnanzaHarvest | BohnanzaPlant | BohnanzaPlantPending | BohnanzaProposeTrade | BohnanzaTurnUp | BohnanzaWithdrawTrade | DaronAccept | DaronBrawl | DaronDeposit | DaronDraw | DaronDuel | DaronPass | DaronRiposte | LeBaronChooseRow | LeBaronPlayCard | SixNimmtChooseRow | SixNimmtDraftCard | SixNimmtPlayCard,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[CommandResult | Error]:
    """ Send a game command (body: one of the game's commands, tagged by `type`)

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (BarbuChooseContract | BarbuPass | BarbuPlayCard | BohnanzaAcceptTrade |
            BohnanzaBuyField | BohnanzaDeclineTrade | BohnanzaEndTrading | BohnanzaHarvest |
            BohnanzaPlant | BohnanzaPlantPending | BohnanzaProposeTrade | BohnanzaTurnUp |
            BohnanzaWithdrawTrade | DaronAccept | DaronBrawl | DaronDeposit | DaronDraw | DaronDuel |
            DaronPass | DaronRiposte | LeBaronChooseRow | LeBaronPlayCard | SixNimmtChooseRow |
            SixNimmtDraftCard | SixNimmtPlayCard):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResult | Error]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: BarbuChooseContract | BarbuPass | BarbuPlayCard | BohnanzaAcceptTrade | BohnanzaBuyField | BohnanzaDeclineTrade | BohnanzaEndTrading | BohnanzaHarvest | BohnanzaPlant | BohnanzaPlantPending | BohnanzaProposeTrade | BohnanzaTurnUp | BohnanzaWithdrawTrade | DaronAccept | DaronBrawl | DaronDeposit | DaronDraw | DaronDuel | DaronPass | DaronRiposte | LeBaronChooseRow | LeBaronPlayCard | SixNimmtChooseRow | SixNimmtDraftCard | SixNimmtPlayCard,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> CommandResult | Error | None:
    """ Send a game command (body: one of the game's commands, tagged by `type`)

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (BarbuChooseContract | BarbuPass | BarbuPlayCard | BohnanzaAcceptTrade |
            BohnanzaBuyField | BohnanzaDeclineTrade | BohnanzaEndTrading | BohnanzaHarvest |
            BohnanzaPlant | BohnanzaPlantPending | BohnanzaProposeTrade | BohnanzaTurnUp |
            BohnanzaWithdrawTrade | DaronAccept | DaronBrawl | DaronDeposit | DaronDraw | DaronDuel |
            DaronPass | DaronRiposte | LeBaronChooseRow | LeBaronPlayCard | SixNimmtChooseRow |
            SixNimmtDraftCard | SixNimmtPlayCard):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResult | Error
     """


    return sync_detailed(
        game_id=game_id,
client=client,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: BarbuChooseContract | BarbuPass | BarbuPlayCard | BohnanzaAcceptTrade | BohnanzaBuyField | BohnanzaDeclineTrade | BohnanzaEndTrading | BohnanzaHarvest | BohnanzaPlant | BohnanzaPlantPending | BohnanzaProposeTrade | BohnanzaTurnUp | BohnanzaWithdrawTrade | DaronAccept | DaronBrawl | DaronDeposit | DaronDraw | DaronDuel | DaronPass | DaronRiposte | LeBaronChooseRow | LeBaronPlayCard | SixNimmtChooseRow | SixNimmtDraftCard | SixNimmtPlayCard,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[CommandResult | Error]:
    """ Send a game command (body: one of the game's commands, tagged by `type`)

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (BarbuChooseContract | BarbuPass | BarbuPlayCard | BohnanzaAcceptTrade |
            BohnanzaBuyField | BohnanzaDeclineTrade | BohnanzaEndTrading | BohnanzaHarvest |
            BohnanzaPlant | BohnanzaPlantPending | BohnanzaProposeTrade | BohnanzaTurnUp |
            BohnanzaWithdrawTrade | DaronAccept | DaronBrawl | DaronDeposit | DaronDraw | DaronDuel |
            DaronPass | DaronRiposte | LeBaronChooseRow | LeBaronPlayCard | SixNimmtChooseRow |
            SixNimmtDraftCard | SixNimmtPlayCard):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResult | Error]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: BarbuChooseContract | BarbuPass | BarbuPlayCard | BohnanzaAcceptTrade | BohnanzaBuyField | BohnanzaDeclineTrade | BohnanzaEndTrading | BohnanzaHarvest | BohnanzaPlant | BohnanzaPlantPending | BohnanzaProposeTrade | BohnanzaTurnUp | BohnanzaWithdrawTrade | DaronAccept | DaronBrawl | DaronDeposit | DaronDraw | DaronDuel | DaronPass | DaronRiposte | LeBaronChooseRow | LeBaronPlayCard | SixNimmtChooseRow | SixNimmtDraftCard | SixNimmtPlayCard,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> CommandResult | Error | None:
    """ Send a game command (body: one of the game's commands, tagged by `type`)

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (BarbuChooseContract | BarbuPass | BarbuPlayCard | BohnanzaAcceptTrade |
            BohnanzaBuyField | BohnanzaDeclineTrade | BohnanzaEndTrading | BohnanzaHarvest |
            BohnanzaPlant | BohnanzaPlantPending | BohnanzaProposeTrade | BohnanzaTurnUp |
            BohnanzaWithdrawTrade | DaronAccept | DaronBrawl | DaronDeposit | DaronDraw | DaronDuel |
            DaronPass | DaronRiposte | LeBaronChooseRow | LeBaronPlayCard | SixNimmtChooseRow |
            SixNimmtDraftCard | SixNimmtPlayCard):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResult | Error
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )).parsed
