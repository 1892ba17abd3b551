"""Request and response bodies of the REST API (msgspec Structs: they become the OpenAPI schemas)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec


class CreateGame(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    players: int
    options: dict[str, Any] | None = None
    seed: str | None = None
    turn_seconds: int | None = None


class GameCreatedBody(msgspec.Struct):
    game_id: str
    game: str
    admin_token: str
    version: int
    players: int
    options: dict[str, Any]
    seed_commitment: str


class JoinSeat(msgspec.Struct, forbid_unknown_fields=True):
    name: str | None = None
    seat: int | None = None
    bot: str | None = None


class SeatTaken(msgspec.Struct, omit_defaults=True):
    seat: int
    version: int
    player_token: str | None = None
    bot: str | None = None


class EventOut(msgspec.Struct, omit_defaults=True):
    version: int
    type: str
    data: dict[str, Any]
    recorded_at: datetime | None = None


class EventsPage(msgspec.Struct):
    events: list[EventOut]
    version: int


class CommandResult(msgspec.Struct):
    version: int
    events: list[EventOut]


class LegalMoves(msgspec.Struct):
    version: int
    seat: int
    moves: list[dict[str, Any]]


class GameSummary(msgspec.Struct):
    game_id: str
    game: str
    status: str
    players: int
    seats_taken: int
    version: int


class GameList(msgspec.Struct):
    games: list[GameSummary]


class PlayerOut(msgspec.Struct):
    seat: int
    name: str | None
    bot: str | None


class GameView(msgspec.Struct):
    game_id: str
    game: str
    status: str
    version: int
    players: list[PlayerOut]
    you: int | None
    awaiting: list[int]
    scores: list[int]
    winners: list[int]
    options: dict[str, Any]
    seed_commitment: str
    seed: str | None
    state: dict[str, Any] | None
    turn_seconds: int | None = None
    rematch: str | None = None


class AuditCheck(msgspec.Struct):
    name: str
    ok: bool
    detail: str


class AuditReport(msgspec.Struct):
    game_id: str
    game: str
    ok: bool
    seed: str
    seed_commitment: str
    version: int
    scores: list[int]
    winners: list[int]
    final_state: dict[str, Any] | None
    checks: list[AuditCheck]


class ErrorDetail(msgspec.Struct):
    code: str
    message: str
    details: Any = None


class ErrorBody(msgspec.Struct):
    error: ErrorDetail


class Health(msgspec.Struct):
    status: str
    postgres: str
    redis: str


class CatalogEntry(msgspec.Struct):
    game: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Any]
    options_schema: dict[str, Any]
    commands: list[str]


class Catalog(msgspec.Struct):
    games: list[CatalogEntry]


class CatalogDetail(CatalogEntry):
    data: dict[str, Any]


class RematchSeat(msgspec.Struct, omit_defaults=True):
    seat: int
    name: str
    bot: str | None = None


class RematchBody(msgspec.Struct):
    game_id: str
    admin_token: str
    version: int
    seats: list[RematchSeat]


class SeatChange(msgspec.Struct, omit_defaults=True):
    seat: int
    version: int
    bot: str | None = None


class CreateWebhook(msgspec.Struct, forbid_unknown_fields=True):
    url: str
    topics: list[str]


class WebhookOut(msgspec.Struct):
    webhook_id: str
    url: str
    topics: list[str]
    created_at: datetime


class WebhookCreated(WebhookOut):
    secret: str  # shown once: it signs every delivery to this endpoint


class WebhookList(msgspec.Struct):
    webhooks: list[WebhookOut]


class AttemptOut(msgspec.Struct):
    attempt: int
    attempted_at: datetime
    status_code: int | None
    error: str | None
    duration_ms: int


class DeliveryOut(msgspec.Struct):
    delivery_id: int
    game_id: str
    version: int
    topic: str
    status: str
    created_at: datetime
    next_attempt_at: datetime | None
    delivered_at: datetime | None
    attempts: list[AttemptOut]


class DeliveryLog(msgspec.Struct):
    deliveries: list[DeliveryOut]
