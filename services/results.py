"""What the use cases answer: typed records that the API sends as they are (they become the OpenAPI schemas)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from domain.kernel import table as tables
from domain.kernel.table import GameView, SeatView, Status, Table
from domain.kernel.viewer import Viewer
from services.codec import codec
from services.ports import Delivery, Webhook

__all__ = ["GameView", "SeatView"]  # the game view is the kernel's: one record from the domain to the wire


class GameCreatedBody(msgspec.Struct):
    game_id: str
    game: str
    admin_token: str  # shown once: it starts the game and seats bots
    version: int
    players: int
    options: dict[str, Any]
    seed_commitment: str


class SeatTaken(msgspec.Struct, omit_defaults=True):
    seat: int
    version: int
    player_token: str | None = None  # a person's token, shown once
    bot: str | None = None


class EventOut(msgspec.Struct, omit_defaults=True):
    version: int
    type: str
    data: dict[str, Any]  # the event's fields, redacted for the bearer
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
    moves: list[Any]  # commands of the game, each as it would be sent


class GameSummary(msgspec.Struct):
    game_id: str
    game: str
    status: Status
    players: int
    seats_taken: int
    version: int


class GameList(msgspec.Struct):
    games: list[GameSummary]


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
    final_state: Any  # the game's view as everyone sees it once it has ended
    checks: list[AuditCheck]


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


class WebhookCreated(Webhook, frozen=True):
    secret: str  # shown once: it signs every delivery to this endpoint


class WebhookList(msgspec.Struct):
    webhooks: list[Webhook]


class DeliveryLog(msgspec.Struct):
    deliveries: list[Delivery]  # newest first, each with every attempt


def shown_events(table: Table[Any], events: list[Any], first: int, viewer: Viewer) -> list[EventOut]:
    """`events`, appended from version `first` on, as `viewer` sees them with `table`, the state they lead to."""
    game_codec = codec(table.game)
    return [
        EventOut(
            version=first + i,
            type=game_codec.tag(e),
            data=game_codec.data(tables.redact(game_codec.rules, table, e, viewer)),
        )
        for i, e in enumerate(events)
    ]
