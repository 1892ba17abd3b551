"""Request bodies of the REST API, and the few answers made here (errors, health, catalogue); the use cases'
answers are in `services/results.py`. msgspec Structs: they become the OpenAPI schemas."""

from __future__ import annotations

from typing import Any

import msgspec


class CreateGame(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    players: int
    options: dict[str, Any] | None = None
    seed: str | None = None
    turn_seconds: int | None = None


class JoinSeat(msgspec.Struct, forbid_unknown_fields=True):
    name: str | None = None
    seat: int | None = None
    bot: str | None = None


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


class CreateWebhook(msgspec.Struct, forbid_unknown_fields=True):
    url: str
    topics: list[str]
