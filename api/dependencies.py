"""Request-scoped dependencies: the services (from app state) and the bearer token."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from litestar import Request
from litestar.di import NamedDependency

from infra.record_news import RedisRecordNews
from services.audit import Auditor
from services.bot_sweeper import BotSweeper
from services.commands import GameCommands
from services.errors import BadRequest, Unauthorized
from services.keys import PortalKeys
from services.live import LiveStreams
from services.projector import Projector
from services.queries import GameQueries
from services.repository import Repository
from services.seats import SeatCommands
from services.timer import TurnTimer
from services.webhooks import PortalWebhooks, WebhookWorker


@dataclass
class Services:
    repo: Repository
    commands: GameCommands
    queries: GameQueries
    auditor: Auditor
    projector: Projector
    keys: PortalKeys
    seats: SeatCommands
    timer: TurnTimer
    live: LiveStreams
    webhooks: PortalWebhooks
    deliveries: WebhookWorker
    bot_sweeper: BotSweeper
    record_news: RedisRecordNews


def provide_services(request: Request[Any, Any, Any]) -> Services:
    # from the app's own state: asking Litestar for `state` builds a copy of it on every request
    services: Services = request.app.state.services
    return services


def provide_token(request: Request[Any, Any, Any], services: NamedDependency[Services]) -> str | None:
    """`Authorization: Bearer <token>`; absent means a spectator.

    It takes `services` only to be resolved after it: two independent dependencies make Litestar open a task
    group on every request, which cost 15-25 % of the commands/s in `make bench`.
    """
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("use Authorization: Bearer <token>", code="invalid_token")
    return token.strip()


def parse_version_header(value: str | None, header: str) -> int | None:
    """`"12"`, `12` or `W/"12"` → 12."""
    if value is None:
        return None
    raw = value.strip().removeprefix("W/").strip('"')
    if not raw.isdigit():
        raise BadRequest(f'{header} must be a version number in quotes, like "12"', code="invalid_header")
    return int(raw)
