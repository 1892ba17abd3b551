"""Lifecycle events shared by every game: the table around the game itself."""

from __future__ import annotations

from typing import Any

import msgspec

Card = int | str


class GameCreated(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    game: str
    game_id: str
    players: int
    options: dict[str, Any]
    seed_commitment: str


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


LifecycleEvent = GameCreated | PlayerJoined | GameStarted | GameEnded
