"""What a viewer is shown of a table: the wire view (`GameView`) and each event redacted for that viewer."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.events import (
    SEAT_EVENTS,
    CommandAccepted,
    DeckShuffled,
    GameCreated,
    GameEnded,
    GameStarted,
    PlayerJoined,
)
from domain.kernel.game import AnyGame
from domain.kernel.table_commands import Play, TimeOut
from domain.kernel.table_state import Fairness, Status, Table
from domain.kernel.viewer import EVERYONE, Viewer


def effective_viewer(table: Table[Any], viewer: Viewer) -> Viewer:
    """Once the game has ended, nothing is hidden any more."""
    return EVERYONE if table.status == "finished" else viewer


def redact(rules: AnyGame, table: Table[Any], event: Any, viewer: Viewer) -> Any:
    viewer = effective_viewer(table, viewer)
    if isinstance(event, DeckShuffled):
        return event if viewer.sees_all else DeckShuffled(label=event.label, size=event.size)
    if isinstance(event, CommandAccepted):
        return redact_command(event, viewer)
    if isinstance(event, (GameCreated, PlayerJoined, GameStarted, GameEnded, *SEAT_EVENTS)):
        return event
    return rules.redact(table.inner, event, viewer)


def redact_command(event: CommandAccepted, viewer: Viewer) -> CommandAccepted:
    """A move's fields may hold a hidden choice (a card chosen face down): only its sender sees them while the game
    runs; the others see which command it was. Lobby commands and the start hide nothing."""
    command = event.command
    if not isinstance(command, Play | TimeOut) or viewer.can_see(command.seat):
        return event
    kind = msgspec.to_builtins(command.command).get("type")
    shown = msgspec.structs.replace(command, command={"type": kind})
    return msgspec.structs.replace(event, command=shown)


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    name: str | None  # None: the seat is free
    bot: str | None  # the bot's level, or None for a person (or a free seat)
    entropy: str = ""  # the public entropy the seat sent when joining (dealing 2), or revealed (dealing 3)
    commitment: str = ""  # dealing 3: the seat's commitment to the entropy it reveals once the table is full


class GameView(msgspec.Struct, frozen=True):
    """A game as one viewer may see it: the table's public part and the game's own view (`state`)."""

    game_id: str
    game: str
    status: Status
    version: int
    players: list[SeatView]
    you: int | None  # the viewer's seat; None for a spectator
    awaiting: list[int]  # the seats whose move the game waits for
    scores: list[int]
    winners: list[int]  # empty until the game has ended
    options: dict[str, Any]
    seed_commitment: str
    seed: str | None  # revealed once the game has ended
    state: Any  # the game's view (its `view_type`), None in the lobby
    turn_seconds: int | None = None
    rematch: str | None = None  # the id of the game that follows this one
    dealing: int = 1  # the version of rules/dealing.md the game is dealt by
    rules: int = 1  # the version of the game's rules it was created under (docs/events.md): it plays by them
    seed_source: str = "server"  # "client": the creator chose the seed (a server in test mode)
    chain_head: str | None = None  # the hash of the last event, chaining the whole history (docs/fair-dealing.md)
    private: bool = False  # unlisted: a person joins with the join code the creation gave the admin
    # who could have chosen or foreseen the deal (docs/fair-play.md): committed, open, server, client; pending in
    # the lobby
    fairness: Fairness = "pending"
    imported: bool = False  # restored from an export by `tapis import` (the services say so: the record knows)


def view(rules: AnyGame, table: Table[Any], viewer: Viewer) -> GameView:
    seen_by = effective_viewer(table, viewer)
    inner = table.inner
    over = table.status == "finished"
    return GameView(
        game_id=table.game_id,
        game=table.game,
        status=table.status,
        version=table.version,
        players=[
            SeatView(
                seat=i,
                name=s.name if s else None,
                bot=s.bot if s else None,
                entropy=s.entropy if s else "",
                commitment=s.commitment if s else "",
            )
            for i, s in enumerate(table.seats)
        ],
        you=viewer.seat,
        awaiting=rules.awaiting(inner) if inner is not None and table.status == "active" else [],
        scores=table.scores if over else (rules.scores(inner) if inner is not None else [0] * table.players),
        winners=table.winners if over else [],
        options=table.options,
        seed_commitment=table.seed_commitment,
        seed=table.seed if over else None,
        turn_seconds=table.turn_seconds,
        rematch=table.rematch,
        dealing=table.dealing,
        rules=table.rules,
        seed_source=table.seed_source,
        chain_head=table.chain_head,
        private=table.private,
        fairness=table.fairness,
        state=rules.view(inner, seen_by) if inner is not None else None,
    )
