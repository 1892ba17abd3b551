"""The table's Decider, deciding side: lobby, seats, start, play, end, seed reveal.

Its state (`table_state.Table`) wraps the game's state (`inner`); `table_evolve` applies the events. Game commands
pass through `play`, which adds `GameEnded` (revealing the seed) once the game's own rules say it is over.
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from domain.kernel.context import Shuffler
from domain.kernel.deal_key import DEALING, DEALINGS, commitment, deal_key, entropy_commitment, hex64_problem
from domain.kernel.errors import refuse
from domain.kernel.events import (
    BotTookOver,
    CommandAccepted,
    EntropyCommitted,
    EntropyRevealed,
    GameCreated,
    GameEnded,
    GameStarted,
    LobbyExpired,
    PlayerJoined,
    PlayerLeft,
    RematchCreated,
    SeatForfeited,
    TurnTimedOut,
)
from domain.kernel.game import AnyGame
from domain.kernel.seats import (
    check_commitment,
    check_human,
    check_lobby,
    check_seats_open,
    joining_name,
    seat_entropy,
)
from domain.kernel.table_commands import (
    AnyTableCommand,
    Commit,
    Expire,
    Forfeit,
    Join,
    Leave,
    Play,
    Rematch,
    RemoveSeat,
    Reveal,
    Sender,
    Start,
    TimeOut,
)
from domain.kernel.table_evolve import evolve, evolve_all
from domain.kernel.table_state import Table

TAKEOVER_BOT = "smart"
TURN_SECONDS = (1, 86_400)
BOT_BUDGET = 1000  # the expert bots' default work budget, in thousandths (GameCreated.bot_budget)


def parse_options(rules: AnyGame, players: int, raw: dict[str, Any] | None) -> Any:
    if not rules.min_players <= players <= rules.max_players:
        raise refuse(
            "invalid_players",
            f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {players}",
            {"min": rules.min_players, "max": rules.max_players},
        )
    try:
        options = msgspec.convert(raw or {}, rules.options_type)
    except msgspec.ValidationError as exc:
        raise refuse("invalid_options", str(exc)) from exc
    rules.check_options(players, options)
    return options


def create(
    rules: AnyGame,
    game_id: str,
    players: int,
    raw_options: dict[str, Any] | None,
    seed: bytes,
    turn_seconds: int | None = None,
    dealing: int = DEALING,
    seed_source: str = "server",
    rules_version: int | None = None,
    private: bool = False,
    bot_budget: int = BOT_BUDGET,
) -> list[Any]:
    if dealing not in DEALINGS:
        raise ValueError(f"dealing version {dealing} does not exist")
    # the game's own current version unless a test recreates a game recorded under an earlier one
    version = rules.rules_version if rules_version is None else rules_version
    if version not in rules.rules_versions:
        raise ValueError(f"{rules.name} has no rules version {version}")
    options = parse_options(rules, players, raw_options)
    if turn_seconds is not None and not TURN_SECONDS[0] <= turn_seconds <= TURN_SECONDS[1]:
        raise refuse(
            "invalid_turn_seconds",
            f"turn_seconds is {TURN_SECONDS[0]} to {TURN_SECONDS[1]}",
            {"min": TURN_SECONDS[0], "max": TURN_SECONDS[1]},
        )
    return [
        GameCreated(
            game=rules.name,
            game_id=game_id,
            players=players,
            options=msgspec.to_builtins(options),
            seed_commitment=commitment(dealing, game_id, seed),
            turn_seconds=turn_seconds,
            dealing=dealing,
            seed_source=seed_source,
            rules=version,
            private=private,
            bot_budget=bot_budget if dealing >= 3 else None,
        )
    ]


def join(
    table: Table[Any], name: str, seat: int | None, bot: str | None, entropy: str = "", committed: str = ""
) -> list[Any]:
    check_lobby(table)
    entropy = seat_entropy(entropy or None, bot)
    if committed:
        check_commitment(table, committed, bot, entropy)
    name = joining_name(table, name)
    free = [i for i, s in enumerate(table.seats) if s is None]
    if not free:
        raise refuse("game_full", "every seat is taken")
    if seat is None:
        seat = free[0]
    elif not 0 <= seat < table.players:
        raise refuse("invalid_seat", f"seats are 0 to {table.players - 1}")
    elif table.seats[seat] is not None:
        raise refuse("seat_taken", f"seat {seat} is taken")
    joined = PlayerJoined(seat=seat, name=name, bot=bot, entropy=entropy)
    return [joined, EntropyCommitted(seat=seat, commitment=committed)] if committed else [joined]


def commit(table: Table[Any], seat: int, committed: str) -> list[Any]:
    """A seated person commits to its entropy after joining (dealing 3)."""
    check_lobby(table)
    taken = table.seats[seat] if 0 <= seat < table.players else None
    if taken is None:
        raise refuse("seat_gone", f"seat {seat} is empty")
    if taken.commitment:
        raise refuse("already_committed", f"seat {seat} has committed already")
    check_commitment(table, committed, taken.bot, taken.entropy)
    return [EntropyCommitted(seat=seat, commitment=committed)]


def reveal(table: Table[Any], seat: int, entropy: str) -> list[Any]:
    """A seat opens its commitment (dealing 3): once every seat is taken, once, matching."""
    check_lobby(table)
    taken = table.seats[seat] if 0 <= seat < table.players else None
    if taken is None:
        raise refuse("seat_gone", f"seat {seat} is empty")
    if not taken.commitment:
        raise refuse("no_commitment", f"seat {seat} has committed to no entropy")
    if taken.entropy:
        raise refuse("already_revealed", f"seat {seat} has revealed its entropy already")
    empty = [i for i, s in enumerate(table.seats) if s is None]
    if empty:
        raise refuse("reveal_too_early", "entropy is revealed once every seat is taken", {"empty": empty})
    problem = hex64_problem(entropy)
    if problem is not None:
        raise refuse("invalid_entropy", "a revealed entropy is 64 lowercase hex digits", {"reason": problem})
    if entropy_commitment(table.game_id, entropy) != taken.commitment:
        raise refuse("reveal_mismatch", f"this entropy does not open seat {seat}'s commitment")
    return [EntropyRevealed(seat=seat, entropy=entropy)]


def start(rules: AnyGame, table: Table[Any], seed: bytes, force: bool = False) -> list[Any]:
    check_lobby(table)
    empty = [i for i, s in enumerate(table.seats) if s is None]
    if empty:
        raise refuse("seats_empty", "every seat must be taken before the start", {"empty": empty})
    seats = [s for s in table.seats if s is not None]
    # dealing 3: a seat that committed deals only once revealed, or (force: its window is over) not at all
    withheld = [i for i, s in enumerate(seats) if s.commitment and not s.entropy]
    if withheld and not force:
        raise refuse(
            "reveals_missing", "some seats have committed to an entropy and not revealed it", {"seats": withheld}
        )
    # dealing 2 and 3 fix the entropies in the start; dealing 1 had none
    entropy = [s.entropy for s in seats]
    begun = GameStarted(entropy=entropy, withheld=withheld) if table.dealing > 1 else GameStarted()
    started: Table[Any] = evolve(rules, table, begun)
    # a seat that withheld its reveal loses its seat to a bot: withholding buys one bit of choice, at that price
    penalties: list[Any] = []
    for seat in withheld:
        penalties += [SeatForfeited(seat=seat), BotTookOver(seat=seat, bot=TAKEOVER_BOT)]
    started = evolve_all(rules, started, penalties)
    dealt = rules.start(started.inner, Shuffler(key(started, seed), started.shuffles))
    return [begun, *penalties, *dealt, *_ending(rules, started, dealt, seed)]


def key(table: Table[Any], seed: bytes) -> bytes:
    """The key of this game's shuffles and bot draws (rules/dealing.md): the seed, or in dealing 2 the deal key."""
    return _key(table.dealing, table.game_id, seed, tuple(table.entropy))


@functools.lru_cache(maxsize=256)
def _key(dealing: int, game_id: str, seed: bytes, entropy: tuple[str, ...]) -> bytes:
    # remembered: every command and bot move of a game asks for the same key, fixed once the game started (an HMAC
    # per command was 9 % of a simulated bot game's CPU); a pure function of its arguments, so a replay is unchanged
    return deal_key(dealing, game_id, seed, entropy)


def play(rules: AnyGame, table: Table[Any], seat: int, command: Any, seed: bytes) -> list[Any]:
    if table.status != "active":
        raise refuse("game_not_active", f"the game is {table.status}, not active")
    events = rules.decide(table.inner, seat, command, Shuffler(key(table, seed), table.shuffles))
    return [*events, *_ending(rules, table, events, seed)]


def leave(table: Table[Any], seat: int) -> list[Any]:
    check_lobby(table, "the game has started: forfeit instead of leaving")
    check_seats_open(table)
    if table.seats[seat] is None:
        raise refuse("seat_gone", f"seat {seat} is empty")
    return [PlayerLeft(seat=seat)]


def remove_seat(table: Table[Any], seat: int) -> list[Any]:
    """The admin frees a seat in the lobby: the same `PlayerLeft` as a player's leave (the recorded command says
    who asked)."""
    check_lobby(table, "the game has started: a seat is removed in the lobby only")
    check_seats_open(table)
    if not 0 <= seat < table.players:
        raise refuse("invalid_seat", f"seats are 0 to {table.players - 1}")
    if table.seats[seat] is None:
        raise refuse("seat_gone", f"seat {seat} is empty")
    return [PlayerLeft(seat=seat)]


def expire(table: Table[Any]) -> list[Any]:
    """The lobby's time ran out (the clock is the caller's: services/lobby_sweeper.py)."""
    check_lobby(table)
    return [LobbyExpired()]


def forfeit(table: Table[Any], seat: int) -> list[Any]:
    if table.status != "active":
        raise refuse("game_not_active", f"the game is {table.status}, not active")
    check_human(table, seat)
    return [SeatForfeited(seat=seat), BotTookOver(seat=seat, bot=TAKEOVER_BOT)]


def rematch(table: Table[Any], next_game_id: str) -> list[Any]:
    if table.status != "finished":
        raise refuse("game_not_finished", "only a finished game has a rematch")
    if table.rematch is not None:
        raise refuse("rematch_exists", f"the rematch is {table.rematch}", {"game_id": table.rematch})
    return [RematchCreated(game_id=next_game_id)]


def play_timer_move(rules: AnyGame, table: Table[Any], seat: int, move: Any, seed: bytes) -> list[Any]:
    """A recorded `TimeOut`: the seat's turn ran out, so `TurnTimedOut`, then the timer bot's `move` played for it."""
    if table.status != "active" or seat not in rules.awaiting(table.inner):
        raise refuse("not_your_turn", f"the game does not wait for seat {seat}")
    return [TurnTimedOut(seat=seat, bot=TAKEOVER_BOT), *play(rules, table, seat, move, seed)]


def accept(rules: AnyGame, table: Table[Any], command: AnyTableCommand, by: Sender, seed: bytes) -> list[Any]:
    """Decide a table command; in dealing 2 the events start with the `CommandAccepted` that records it.

    Every write of a game's life goes through here, and the audit re-executes the recorded commands through it.
    """
    events = execute(rules, table, command, by, seed)
    if table.dealing < 2 or not events:
        return events
    return [CommandAccepted(by=by, command=command), *events]


def execute(rules: AnyGame, table: Table[Any], command: AnyTableCommand, by: Sender, seed: bytes) -> list[Any]:
    match command:
        case Join(name=name, seat=seat, bot=bot, entropy=entropy, commitment=committed):
            return join(table, name, seat, bot, entropy, committed)
        case Leave(seat=seat):
            return leave(table, seat)
        case Start(force=force):
            return start(rules, table, seed, force)
        case Commit(seat=seat, commitment=committed):
            return commit(table, seat, committed)
        case Reveal(seat=seat, entropy=entropy):
            return reveal(table, seat, entropy)
        case Play(seat=seat, command=move):
            if by == "player":
                check_human(table, seat)
            return play(rules, table, seat, game_command(rules, move), seed)
        case TimeOut(seat=seat, command=move):
            return play_timer_move(rules, table, seat, game_command(rules, move), seed)
        case Forfeit(seat=seat):
            return forfeit(table, seat)
        case Rematch(game_id=next_game):
            return rematch(table, next_game)
        case RemoveSeat(seat=seat):
            return remove_seat(table, seat)
        case Expire():
            return expire(table)
    raise TypeError(f"not a table command: {command!r}")


def game_command(rules: AnyGame, move: Any) -> Any:
    """A recorded move read back is its JSON object: the game's command again (as strictly as from a client)."""
    if isinstance(move, dict):
        try:
            return msgspec.convert(move, rules.command_type, strict=True)
        except msgspec.ValidationError as exc:
            raise refuse("invalid_command", str(exc)) from exc
    return move


def _ending(rules: AnyGame, table: Table[Any], events: list[Any], seed: bytes) -> list[Any]:
    inner = table.inner
    for event in events:
        inner = rules.evolve(inner, event)
    if not rules.is_over(inner):
        return []
    return [GameEnded(seed=seed.hex(), scores=rules.scores(inner), winners=rules.winners(inner))]
