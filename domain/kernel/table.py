"""The table around every game, as the rest of the code uses it: one import (`from domain.kernel import table as
tables`) for the lobby, the seats, the start, play and the end, and what a viewer is shown.

Each concern has its module, and this one only names them again, so that the services, the API, the tools and the
tests keep one entry point while the kernel is split (their modules are other people's work in progress, and a
re-export keeps that work free of churn):

| module | holds |
|---|---|
| `table_state.py` | the table's state: `Table`, `Seat`, `Status`, `Fairness` |
| `seats.py` | who may sit and under which name: `normal_name`, `seat_name`, the seat and commitment checks |
| `lifecycle.py` | the Decider's deciding side: `create`, `join`, `commit`, `reveal`, `start`, `play`, `accept`, ... |
| `table_evolve.py` | the Decider's applying side: `initial`, `evolve`, `fold`, the fairness the start fixes |
| `table_bots.py` | the bots at the table: `next_bot_move`, the turn timer's `play_for_late_seats` |
| `table_view.py` | what a viewer is shown: `view` (`GameView`), `redact` |
"""

from __future__ import annotations

from domain.kernel.lifecycle import (
    BOT_BUDGET,
    TAKEOVER_BOT,
    TURN_SECONDS,
    accept,
    commit,
    create,
    execute,
    expire,
    forfeit,
    game_command,
    join,
    key,
    leave,
    parse_options,
    play,
    play_timer_move,
    rematch,
    remove_seat,
    reveal,
    start,
)
from domain.kernel.seats import (
    NAME_MAX,
    check_commitment,
    check_human,
    check_lobby,
    check_seats_open,
    name_key,
    normal_name,
    seat_entropy,
    seat_name,
)
from domain.kernel.table_bots import BotMove, next_bot_move, play_for_late_seats
from domain.kernel.table_evolve import evolve, evolve_all, fairness_at_start, fold, initial
from domain.kernel.table_state import Fairness, Seat, Status, Table
from domain.kernel.table_view import GameView, SeatView, effective_viewer, redact, redact_command, view

__all__ = [
    "BOT_BUDGET",
    "NAME_MAX",
    "TAKEOVER_BOT",
    "TURN_SECONDS",
    "BotMove",
    "Fairness",
    "GameView",
    "Seat",
    "SeatView",
    "Status",
    "Table",
    "accept",
    "check_commitment",
    "check_human",
    "check_lobby",
    "check_seats_open",
    "commit",
    "create",
    "effective_viewer",
    "evolve",
    "evolve_all",
    "execute",
    "expire",
    "fairness_at_start",
    "fold",
    "forfeit",
    "game_command",
    "initial",
    "join",
    "key",
    "leave",
    "name_key",
    "next_bot_move",
    "normal_name",
    "parse_options",
    "play",
    "play_for_late_seats",
    "play_timer_move",
    "redact",
    "redact_command",
    "rematch",
    "remove_seat",
    "reveal",
    "seat_entropy",
    "seat_name",
    "start",
    "view",
]
