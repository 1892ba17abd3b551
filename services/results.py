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
    dealing: int = 2  # rules/dealing.md's version the game is dealt by
    seed_source: str = "server"  # "client" on a server in test mode, when the creator chose the seed
    private: bool = False  # unlisted: a person joins with `join_code` only
    join_code: str | None = None  # a private game's join code, shown once (the admin passes it on); None if public


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
    chain: str | None = None  # the hash chain's head at this event (docs/fair-dealing.md); absent in older games


class EventsPage(msgspec.Struct):
    events: list[EventOut]
    version: int


class CommandResult(msgspec.Struct, omit_defaults=True):
    version: int
    events: list[EventOut]
    chain_head: str | None = None  # the hash chain's head once these events are stored (docs/fair-dealing.md)


class LegalMoves(msgspec.Struct):
    version: int
    seat: int
    moves: list[Any]  # commands of the game, each as it would be sent
    # the game's name: it says which game's command union `moves` holds (two games may both have a `play_card` with
    # other fields), so the OpenAPI document types the answer per game, tagged by it (api/openapi.py)
    game: str


class GameSummary(msgspec.Struct):
    game_id: str
    game: str
    status: Status
    players: int
    seats_taken: int
    version: int
    seed_source: str = "server"  # "client": the creator chose the seed (a server in test mode)
    dealing: int = 1  # the fairness protocol's version (docs/fair-play.md)
    # who could have chosen or foreseen the deal: committed, open, server, client; pending in the lobby
    fairness: str = "pending"
    imported: bool = False  # restored by `tapis import` (verified first: docs/fair-play.md)


class GameList(msgspec.Struct):
    games: list[GameSummary]


class AuditCheck(msgspec.Struct):
    name: str
    ok: bool
    detail: str
    applies: bool = True  # False: the check does not apply to this game (recorded before it existed)


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
    dealing: int = 1  # rules/dealing.md's version the game was dealt by
    seed_source: str = "server"  # "client": the creator chose the seed (a server in test mode)
    chain_head: str | None = None  # the hash chain's head, None for a game recorded before the chain
    # every check passed, and at least one person's committed entropy fixed the deal (dealing 3, docs/fair-play.md)
    fair: bool = False
    # who could have chosen or foreseen the deal: "committed", "open", "server" or "client" (docs/fair-play.md)
    fairness: str = "server"


class RematchSeat(msgspec.Struct, omit_defaults=True):
    seat: int
    name: str
    bot: str | None = None


class RematchBody(msgspec.Struct):
    game_id: str
    admin_token: str
    version: int
    seats: list[RematchSeat]
    join_code: str | None = None  # the rematch of a private game is private, with a join code of its own


class RematchToken(msgspec.Struct):
    """A seat's token in the rematch, handed to the holder of that seat's token in the finished game."""

    game_id: str  # the rematch
    seat: int
    player_token: str


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
    # the endpoint's circuit breaker, as on `GET /v1/webhooks/{id}`: while paused, its deliveries wait
    consecutive_failures: int = 0
    paused_until: datetime | None = None
    pause_reason: str | None = None


def shown_events(
    table: Table[Any], events: list[Any], first: int, viewer: Viewer, chains: list[str | None] | None = None
) -> list[EventOut]:
    """`events`, appended from version `first` on, as `viewer` sees them with `table`, the state they lead to;
    `chains`: each one's link in the hash chain."""
    game_codec = codec(table.game)
    links = chains or [None] * len(events)
    return [
        EventOut(
            version=first + i,
            type=game_codec.tag(e),
            data=game_codec.data(tables.redact(game_codec.rules, table, e, viewer)),
            chain=link,
        )
        for i, (e, link) in enumerate(zip(events, links, strict=True))
    ]
