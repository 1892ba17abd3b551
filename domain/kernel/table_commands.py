"""The commands a table accepts, as recorded in the stream (`CommandAccepted`): what was asked, by whom.

A recorded command is enough to decide it again: the audit re-executes each on the state folded so far and
requires exactly the events that follow it (services/verify.py). A game's own move travels inside `Play` (and
inside `TimeOut`, where the turn timer's bot chose it) as the game's command, tagged by its `type`.
"""

from __future__ import annotations

from typing import Any, Literal, dataclass_transform

import msgspec


# frozen in every subclass (msgspec passes options on); `frozen_default` says so to a type checker, as in versioned.py
@dataclass_transform(frozen_default=True, field_specifiers=(msgspec.field,))
class TableCommand(msgspec.Struct, frozen=True, tag_field="action", forbid_unknown_fields=True):
    pass


class Join(TableCommand, tag="join"):
    name: str
    seat: int | None = None  # as asked: None for the first free seat
    bot: str | None = None
    entropy: str = ""  # public entropy (dealing 2; a dealing-3 client that does not commit)
    commitment: str = ""  # dealing 3: the commitment to the entropy the seat will reveal


class Leave(TableCommand, tag="leave"):
    seat: int


class Start(TableCommand, tag="start"):
    # dealing 3: deal although some committed seats have not revealed (the services allow it once the reveal
    # window has passed); each of them is taken over by a bot
    force: bool = False


class Commit(TableCommand, tag="commit"):
    """Dealing 3: a seated person commits to its entropy after joining (a rematch's seats join without one)."""

    seat: int
    commitment: str


class Reveal(TableCommand, tag="reveal"):
    """Dealing 3: a seat opens its commitment, once every seat is taken."""

    seat: int
    entropy: str


class Play(TableCommand, tag="play"):
    seat: int
    command: Any  # the game's command (a Struct when decided, its JSON object when read back)


class TimeOut(TableCommand, tag="time_out"):
    """The seat's turn timer ran out; `command` is the move the takeover bot chose for it."""

    seat: int
    command: Any


class Forfeit(TableCommand, tag="forfeit"):
    seat: int


class Rematch(TableCommand, tag="rematch"):
    game_id: str


class RemoveSeat(TableCommand, tag="remove_seat"):
    """The admin frees a seat in the lobby (its player's token is forgotten with it)."""

    seat: int


class Expire(TableCommand, tag="expire"):
    """The lobby's time to live ran out before anyone started the game (services/lobby_sweeper.py)."""


AnyTableCommand = Join | Leave | Start | Play | TimeOut | Forfeit | Rematch | RemoveSeat | Expire | Commit | Reveal
Sender = Literal["player", "bot", "timer", "admin"]
