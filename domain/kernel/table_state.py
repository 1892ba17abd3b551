"""The table's state: the seats and status around the game's own state (`inner`), folded by `table_evolve`."""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

import msgspec

S = TypeVar("S")

# "expired": the lobby's time to live ran out before anyone started the game (LobbyExpired); nothing more happens
Status = Literal["lobby", "active", "finished", "expired"]
# The fairness levels (docs/fair-play.md, "Fairness levels"): who could have chosen or foreseen the deal.
# "committed": at least one person's committed entropy, revealed, fixed it; "open": people's entropy was public when
# sent (dealing 2, or clients that do not commit); "server": no person's entropy (all bots, a silent rematch): the
# server's seed alone; "client": a creator's seed (test mode), reproducible and never fair; "pending": not dealt yet.
Fairness = Literal["committed", "open", "server", "client", "pending"]


class Seat(msgspec.Struct, frozen=True):
    name: str
    bot: str | None = None
    entropy: str = ""  # public entropy, or (dealing 3) the revealed one
    commitment: str = ""  # dealing 3: the commitment to the entropy the seat reveals once the table is full


class Table(msgspec.Struct, Generic[S]):
    game: str
    game_id: str
    players: int
    options: dict[str, Any]
    seed_commitment: str
    seats: list[Seat | None]
    status: Status = "lobby"
    version: int = 0
    shuffles: int = 0
    inner: S | None = None
    seed: str | None = None
    scores: list[int] = []
    winners: list[int] = []
    turn_seconds: int | None = None
    rematch: str | None = None
    dealing: int = 1  # rules/dealing.md's version this game is dealt by
    seed_source: str = "server"
    entropy: list[str] = []  # the seats' entropies, fixed when the game starts
    private: bool = False  # unlisted; a person joins with the game's join code only
    rules: int = 1  # the version of the rules the game is played by (GameCreated.rules)
    # the hash chaining the last stored event to all before it (services/chain.py). The chain covers the stored
    # bytes, which the domain never sees: whoever folds stored events sets it, `evolve` leaves it as it was.
    chain_head: str | None = None
    bot_budget: int | None = None  # dealing 3: the expert bots' budget in thousandths (GameCreated.bot_budget)
    reveals_started: bool = False  # dealing 3: a seat revealed: seats and commitments are closed
    fairness: Fairness = "pending"  # fixed by the start
