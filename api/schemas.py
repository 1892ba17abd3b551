"""Request bodies of the REST API, and the few answers made here (errors, health, catalogue); the use cases'
answers are in `services/results.py`. msgspec Structs: they become the OpenAPI schemas."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

# Every integer of a body is bounded on the wire (400 `invalid_body` outside): a whole number that Postgres, msgpack
# and every client language hold. Within it the lobby checks each one against the game, with its own code and the
# game's range in `details` (`invalid_players`, `invalid_seat`, `invalid_turn_seconds`), which a narrower bound here
# would hide.
WIRE_MAX = 2**31 - 1
WireInt = Annotated[int, msgspec.Meta(ge=0, le=WIRE_MAX)]


class CreateGame(msgspec.Struct, forbid_unknown_fields=True):
    game: str
    players: WireInt
    options: dict[str, Any] | None = None
    seed: str | None = None
    turn_seconds: WireInt | None = None
    private: bool = False  # unlisted; a person joins with the `join_code` the answer gives


class JoinSeat(msgspec.Struct, forbid_unknown_fields=True):
    name: str | None = None
    seat: WireInt | None = None
    bot: str | None = None
    # public randomness from the player's device (rules/dealing.md, version 2); checked by the service, so that a
    # value of any JSON type gets the precise `invalid_entropy` (the spec says: a string of 1 to 64 printable ASCII)
    entropy: Any = None
    join_code: str | None = None  # a private game's join code (from its creation's answer); a public game ignores it
    # dealing 3 (docs/fair-play.md): SHA-256 of "tapis-entropy-v3:" + game id + ":" + the entropy the player reveals
    # once every seat is taken; checked by the service for the precise `invalid_commitment`
    entropy_commitment: Any = None


class CommitEntropy(msgspec.Struct, forbid_unknown_fields=True):
    """A seated person's commitment after joining (a rematch's seats): docs/fair-play.md."""

    commitment: Any


class RevealEntropy(msgspec.Struct, forbid_unknown_fields=True):
    """The entropy a seat committed to, once every seat is taken: docs/fair-play.md."""

    entropy: Any


class ErrorDetail(msgspec.Struct):
    code: str
    message: str
    details: Any = None


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
    bots: list[str]  # the bot levels a seat takes (`POST /seats` with `bot`), so a client need not hard-code them


class Catalog(msgspec.Struct):
    games: list[CatalogEntry]


class CatalogDetail(CatalogEntry):
    data: dict[str, Any]


class CreateWebhook(msgspec.Struct, forbid_unknown_fields=True):
    url: str
    topics: list[str]
