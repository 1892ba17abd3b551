"""What a write is besides its events: who makes it (`Actor`), and how it ended (`WriteOutcome`).

The actor is a typed value; the metadata dict stored beside the events is made from it here, once. Its keys and
values are a storage format: proof v3's chain hashes them (services/chain.py), exports and the corpus hold them,
so `metadata` writes exactly what the services wrote as dicts before: `actor` (a seat, or "admin", "timer",
"lobby"), `scope` (a player's idempotency scope), `bot` (a bot's level); the transaction adds `attempt`.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

Who = Literal["player", "bot", "admin", "timer", "lobby"]


class Actor(msgspec.Struct, frozen=True):
    """Who makes a write: a seated player, a bot at its seat, the game's admin, the turn timer, or the lobby (a
    join, the lobby sweeper)."""

    who: Who
    seat: int | None = None  # a player's or a bot's seat
    level: str | None = None  # a bot's level

    @property
    def scope(self) -> str | None:
        """The idempotency scope of a player's writes ("seat:<n>"); None for anyone else."""
        return f"seat:{self.seat}" if self.who == "player" else None

    def metadata(self) -> dict[str, Any]:
        """The metadata stored with the write's events (without the transaction's `attempt`)."""
        match self.who:
            case "player":
                return {"actor": self.seat, "scope": self.scope}
            case "bot":
                return {"actor": self.seat, "bot": self.level}
        return {"actor": self.who}


def player(seat: int) -> Actor:
    return Actor("player", seat=seat)


def bot(seat: int, level: str) -> Actor:
    return Actor("bot", seat=seat, level=level)


ADMIN = Actor("admin")
TIMER = Actor("timer")
LOBBY = Actor("lobby")


Ended = Literal["appended", "unchanged", "replayed", "refused", "gave_up", "failed"]


class WriteOutcome(msgspec.Struct, frozen=True):
    """How a transaction ended: `appended` its events, `unchanged` (the decision had none), `replayed` (its
    idempotency key had landed meanwhile: the first answer stands), `refused` (the decision raised), `gave_up`
    after too many conflicts, or `failed` (a store unavailable, anything else); `conflicts`: how many times it
    decided again because the stream had moved under its append."""

    ended: Ended
    conflicts: int = 0

    @property
    def appended(self) -> bool:
        return self.ended == "appended"
