"""Lifecycle events shared by every game: the table around the game itself."""

from __future__ import annotations

from typing import Any

from domain.kernel.table_commands import AnyTableCommand
from domain.kernel.versioned import VersionedEvent

Card = int | str


class GameCreated(VersionedEvent, tag="GameCreated", omit_defaults=True):
    game: str
    game_id: str
    players: int
    options: dict[str, Any]
    seed_commitment: str
    turn_seconds: int | None = None  # a seat that does not act in time is played for by a bot
    # rules/dealing.md: absent (1) in games recorded before version 2; new games say 2
    dealing: int = 1
    seed_source: str = "server"  # "client": the creator chose the seed (a server in test mode only)
    private: bool = False  # unlisted, joined with the join code only (absent in public games)
    # the version of the game's own rules (../shared/rules/<game>.md) it is played by, for ever: absent (1) in games
    # recorded before rules versions (each game's RULES, domain/kernel/game.py)
    rules: int = 1
    # dealing 3: the work budget of the game's `expert` bots, in thousandths of the default (1000), fixed for the
    # game so that an audit replays each bot's search with the budget it had (absent before dealing 3)
    bot_budget: int | None = None


class PlayerJoined(VersionedEvent, tag="PlayerJoined"):
    seat: int
    name: str
    bot: str | None = None
    entropy: str = ""  # public; mixed into the deal key (dealing 2); absent in games recorded before


class GameStarted(VersionedEvent, tag="GameStarted", omit_defaults=True):
    # dealing 2 and 3: the seats' entropies as the deal key takes them, fixed here (absent in dealing 1)
    entropy: list[str] = []
    # dealing 3: the seats that committed to an entropy and did not reveal it in time (their entropy counts as
    # empty; a bot takes each of them over at the start: docs/fair-play.md, "A seat that never reveals")
    withheld: list[int] = []


class EntropyCommitted(VersionedEvent, tag="EntropyCommitted"):
    """Dealing 3: a person's commitment to the entropy it will reveal once every seat is taken."""

    seat: int
    commitment: str  # SHA-256("tapis-entropy-v3:" + game id + ":" + entropy), lowercase hex


class EntropyRevealed(VersionedEvent, tag="EntropyRevealed"):
    """Dealing 3: a seat opened its commitment; the first reveal closes the lobby's seats and commitments."""

    seat: int
    entropy: str  # 64 lowercase hex digits


class CommandAccepted(VersionedEvent, tag="CommandAccepted"):
    """Dealing 2: the command that produced the events after it (up to the next one), and who sent it.

    While the game runs, a game move's fields are shown to its sender only; the others see its `type`.
    """

    by: str  # "player", "bot" (a seat's bot), "timer" (the turn timer's bot), "admin"
    command: AnyTableCommand


class DeckShuffled(VersionedEvent, tag="DeckShuffled"):
    """One shuffle of rules/dealing.md: the label, what went in and what came out.

    `source` and `order` stay hidden until the game ends (they would reveal every hand);
    the audit re-derives `order` from the revealed seed.
    """

    label: str
    size: int
    source: list[Card] = []
    order: list[Card] = []


class GameEnded(VersionedEvent, tag="GameEnded"):
    seed: str
    scores: list[int]
    winners: list[int]


class PlayerLeft(VersionedEvent, tag="PlayerLeft"):
    """A player gave up their seat in the lobby; the seat is free again."""

    seat: int


class SeatForfeited(VersionedEvent, tag="SeatForfeited"):
    """A player gave up during play; `BotTookOver` follows."""

    seat: int


class BotTookOver(VersionedEvent, tag="BotTookOver"):
    seat: int
    bot: str


class TurnTimedOut(VersionedEvent, tag="TurnTimedOut"):
    """The seat did not act within the turn timer; the move that follows was chosen by a bot."""

    seat: int
    bot: str


class RematchCreated(VersionedEvent, tag="RematchCreated"):
    """After the end: the next game with the same seats."""

    game_id: str


class LobbyExpired(VersionedEvent, tag="LobbyExpired"):
    """Nobody started the game within the lobby's time to live: it is over without having been dealt."""


SEAT_EVENTS = (
    PlayerLeft,
    SeatForfeited,
    BotTookOver,
    TurnTimedOut,
    RematchCreated,
    LobbyExpired,
    EntropyCommitted,
    EntropyRevealed,
)
# every event of the table around a game, whatever the game
TABLE_EVENTS = (GameCreated, PlayerJoined, GameStarted, DeckShuffled, GameEnded, *SEAT_EVENTS, CommandAccepted)
LifecycleEvent = GameCreated | PlayerJoined | GameStarted | GameEnded
