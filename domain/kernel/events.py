"""Lifecycle events shared by every game: the table around the game itself."""

from __future__ import annotations

from typing import Any

import msgspec

Card = int | str


class GameCreated(msgspec.Struct, frozen=True, tag=True, tag_field="type", omit_defaults=True):
    game: str
    game_id: str
    players: int
    options: dict[str, Any]
    seed_commitment: str
    turn_seconds: int | None = None  # a seat that does not act in time is played for by a bot


class PlayerJoined(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    name: str
    bot: str | None = None


class GameStarted(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    pass


class DeckShuffled(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """One shuffle of rules/dealing.md: the label, what went in and what came out.

    `source` and `order` stay hidden until the game ends (they would reveal every hand);
    the audit re-derives `order` from the revealed seed.
    """

    label: str
    size: int
    source: list[Card] = []
    order: list[Card] = []


class GameEnded(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seed: str
    scores: list[int]
    winners: list[int]


class PlayerLeft(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """A player gave up their seat in the lobby; the seat is free again."""

    seat: int


class SeatForfeited(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """A player gave up during play; `BotTookOver` follows."""

    seat: int


class BotTookOver(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    bot: str


class TurnTimedOut(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """The seat did not act within the turn timer; the move that follows was chosen by a bot."""

    seat: int
    bot: str


class RematchCreated(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    """After the end: the next game with the same seats."""

    game_id: str


SEAT_EVENTS = (PlayerLeft, SeatForfeited, BotTookOver, TurnTimedOut, RematchCreated)
LifecycleEvent = GameCreated | PlayerJoined | GameStarted | GameEnded
