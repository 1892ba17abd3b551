"""Webhooks for portals (X-API-Key): register endpoints, list and delete them, read the delivery log."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, delete, get, post, route
from litestar.di import NamedDependency
from litestar.enums import HttpMethod
from litestar.params import FromPath, FromQuery, HeaderParameter, JSONBody, QueryParameter

from api.controllers.options import allow
from api.dependencies import Services
from api.schemas import CreateWebhook
from services.ports import Webhook
from services.results import DeliveryLog, WebhookCreated, WebhookList

ApiKey = Annotated[str | None, HeaderParameter(name="X-API-Key", required=False)]
MAX_DELIVERY_ID = 2**63 - 1  # a Postgres bigint


class WebhooksController(Controller):
    path = "/v1/webhooks"
    tags = ["webhooks"]

    # named to sort first: Litestar 2 registers a controller's handlers by name, and only when the first handler of
    # a path answers OPTIONS does no automatic (one-method) answer shadow it
    @route("/", http_method=HttpMethod.OPTIONS, include_in_schema=False)
    async def allowed_methods(self) -> Response[None]:
        return allow("GET", "POST")

    @route("/{webhook_id:str}", http_method=HttpMethod.OPTIONS, include_in_schema=False)
    async def allowed_methods_one(self, webhook_id: FromPath[str]) -> Response[None]:
        return allow("GET", "DELETE")

    @post(
        "/",
        operation_id="createWebhook",
        summary="Register an endpoint for the portal's games (the signing secret is shown once)",
        status_code=201,
    )
    async def create(
        self, data: JSONBody[CreateWebhook], services: NamedDependency[Services], api_key: ApiKey = None
    ) -> WebhookCreated:
        return await services.webhooks.register(api_key, data.url, data.topics)

    @get("/", operation_id="listWebhooks", summary="The portal's endpoints")
    async def listing(self, services: NamedDependency[Services], api_key: ApiKey = None) -> WebhookList:
        return await services.webhooks.listing(api_key)

    @get("/{webhook_id:str}", operation_id="getWebhook", summary="One of the portal's endpoints")
    async def show(
        self, webhook_id: FromPath[str], services: NamedDependency[Services], api_key: ApiKey = None
    ) -> Webhook:
        return await services.webhooks.get(api_key, webhook_id)

    @delete(
        "/{webhook_id:str}",
        operation_id="deleteWebhook",
        summary="Delete an endpoint (its pending deliveries are cancelled)",
        status_code=204,
    )
    async def remove(
        self, webhook_id: FromPath[str], services: NamedDependency[Services], api_key: ApiKey = None
    ) -> None:
        await services.webhooks.delete(api_key, webhook_id)

    @get(
        "/{webhook_id:str}/deliveries",
        operation_id="listWebhookDeliveries",
        summary="The delivery log, newest first, with every attempt (page with `before`)",
    )
    async def deliveries(
        self,
        webhook_id: FromPath[str],
        services: NamedDependency[Services],
        api_key: ApiKey = None,
        game_id: FromQuery[str | None] = None,
        before: Annotated[int | None, QueryParameter(ge=1, le=MAX_DELIVERY_ID)] = None,
        limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 100,
    ) -> DeliveryLog:
        return await services.webhooks.deliveries(api_key, webhook_id, game_id, before, limit)
