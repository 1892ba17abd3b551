"""The table around every game: lobby, seats, start, end, seed reveal.

It is itself a Decider whose state wraps the game's state (`inner`). Game commands pass through
`play`, which adds `GameEnded` (revealing the seed) once the game's own rules say it is over.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Generic, Literal, TypeVar

import msgspec

from domain.kernel.bots import bot_label, reaction_label
from domain.kernel.context import Shuffler
from domain.kernel.deal_key import (
    DEALING,
    DEALINGS,
    commitment,
    deal_key,
    entropy_commitment,
    entropy_problem,
    hex64_problem,
)
from domain.kernel.errors import refuse
from domain.kernel.events import (
    SEAT_EVENTS,
    BotTookOver,
    CommandAccepted,
    DeckShuffled,
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
from domain.kernel.shuffle import Draws
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
from domain.kernel.viewer import EVERYONE, Viewer

S = TypeVar("S")

# "expired": the lobby's time to live ran out before anyone started the game (LobbyExpired); nothing more happens
Status = Literal["lobby", "active", "finished", "expired"]
NAME_MAX = 40
TAKEOVER_BOT = "smart"
TURN_SECONDS = (1, 86_400)
BOT_BUDGET = 1000  # the expert bots' default work budget, in thousandths (GameCreated.bot_budget)
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


def seat_entropy(entropy: object, bot: str | None) -> str:
    """A joining seat's entropy as sent (None: it sends none, as a bot), or refused with the reason."""
    if entropy is None:
        return ""
    if bot is not None:
        raise refuse("invalid_entropy", "a bot contributes no entropy", {"reason": "bot"})
    problem = entropy_problem(entropy)
    if problem is not None:
        raise refuse("invalid_entropy", "entropy is 1 to 64 printable ASCII characters", {"reason": problem})
    assert isinstance(entropy, str)  # what entropy_problem checks
    return entropy


# Seat names, as people read them: decided by the services before the `Join` they record (games recorded before kept
# the names they had, and re-execute as they were played), NFKC-normalised, each run of whitespace one space,
# nothing invisible, and unique in the game whatever the case.
INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})  # controls, format (U+200B, U+202E...), surrogates,
# private use, line and paragraph separators
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")  # letters that draw nothing: Hangul fillers, braille blank
VISIBLE = ("L", "N", "P", "S")  # a name shows at least one letter, digit, punctuation mark or symbol


def normal_name(raw: object) -> str:
    """The name as shown: NFKC, whitespace runs as one space; refused (`invalid_name`, `details.reason`) when it holds
    a control or invisible character, shows nothing, or is longer than NAME_MAX once normalised."""
    if not isinstance(raw, str):
        raise refuse("invalid_name", "a name is a string", {"reason": "not_a_string"})
    name = unicodedata.normalize("NFKC", raw)
    if any(unicodedata.category(c) in INVISIBLE or c in BLANK_LETTERS for c in name):
        raise refuse("invalid_name", "a name holds no control or invisible character", {"reason": "invisible"})
    name = " ".join(name.split())
    if not any(unicodedata.category(c).startswith(VISIBLE) for c in name):
        raise refuse("invalid_name", "a name shows at least one letter, digit or sign", {"reason": "empty"})
    if len(name) > NAME_MAX:
        raise refuse("invalid_name", f"a name has 1 to {NAME_MAX} characters", {"reason": "too_long"})
    return name


def name_key(name: str) -> str:
    """What two names must not share in one game: the name without case (NFKC again after case folding)."""
    return unicodedata.normalize("NFKC", name.casefold())


def seat_name(table: Table[Any], raw: str | None, bot: str | None) -> str:
    """The name a joining seat gets on this table: as asked, normalised and free (`name_taken` otherwise), or for a
    bot asked without one the first free of "smart bot", "smart bot 2", ...; `None` for a person is the caller's
    to refuse. A game that cannot take the join refuses as `join` would, before its name is looked at."""
    check_lobby(table)
    if all(s is not None for s in table.seats):
        raise refuse("game_full", "every seat is taken")
    taken = {name_key(s.name): i for i, s in enumerate(table.seats) if s is not None}
    if raw is None:
        if bot is None:
            raise refuse("invalid_name", "a player needs a name", {"reason": "empty"})
        base = name = f"{bot} bot"
        count = 1
        while name_key(name) in taken:
            count += 1
            name = f"{base} {count}"
        return name
    name = normal_name(raw)
    holder = taken.get(name_key(name))
    if holder is not None:
        raise refuse("name_taken", f"seat {holder} has this name already", {"seat": holder})
    return name


def check_lobby(table: Table[Any], started: str = "the game has already started") -> None:
    """Lobby commands are for a game in its lobby: one that started is `already_started`, one whose lobby's time
    ran out `game_expired`."""
    if table.status == "expired":
        raise refuse("game_expired", "nobody started this game in time: its lobby has expired")
    if table.status != "lobby":
        raise refuse("already_started", started)


def join(
    table: Table[Any], name: str, seat: int | None, bot: str | None, entropy: str = "", committed: str = ""
) -> list[Any]:
    check_lobby(table)
    entropy = seat_entropy(entropy or None, bot)
    if committed:
        check_commitment(table, committed, bot, entropy)
    name = name.strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise refuse("invalid_name", f"a name has 1 to {NAME_MAX} characters")
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


def check_commitment(table: Table[Any], committed: str, bot: str | None, entropy: str) -> None:
    """A commitment a seat may make now (dealing 3): a person's, of the right form, before any reveal, once."""
    if table.dealing < 3:
        raise refuse(
            "invalid_commitment", "this game is dealt by an earlier protocol: no commitments", {"reason": "dealing"}
        )
    if bot is not None:
        raise refuse("invalid_commitment", "a bot contributes no entropy", {"reason": "bot"})
    if entropy:
        raise refuse("invalid_commitment", "a seat sends public entropy or a commitment, not both", {"reason": "both"})
    problem = hex64_problem(committed)
    if problem is not None:
        raise refuse("invalid_commitment", "a commitment is 64 lowercase hex digits (a SHA-256)", {"reason": problem})
    if table.reveals_started:
        raise refuse("commitments_closed", "a seat has revealed its entropy: commitments are closed")
    holder = next((i for i, s in enumerate(table.seats) if s is not None and s.commitment == committed), None)
    if holder is not None:
        raise refuse("commitment_reused", f"seat {holder} committed to this already", {"seat": holder})


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


def fairness_at_start(table: Table[Any]) -> Fairness:
    """The fairness level the start fixes (docs/fair-play.md): who could have chosen or foreseen the deal."""
    if table.seed_source != "server":
        return "client"
    people = [s for s in table.seats if s is not None and s.bot is None]
    if table.dealing >= 3 and any(s.commitment and s.entropy for s in people):
        return "committed"
    if table.dealing >= 2 and any(s.entropy for s in people):
        return "open"
    return "server"


def key(table: Table[Any], seed: bytes) -> bytes:
    """The key of this game's shuffles and bot draws (rules/dealing.md): the seed, or in dealing 2 the deal key."""
    return deal_key(table.dealing, table.game_id, seed, table.entropy)


def play(rules: AnyGame, table: Table[Any], seat: int, command: Any, seed: bytes) -> list[Any]:
    if table.status != "active":
        raise refuse("game_not_active", f"the game is {table.status}, not active")
    events = rules.decide(table.inner, seat, command, Shuffler(key(table, seed), table.shuffles))
    return [*events, *_ending(rules, table, events, seed)]


def check_seats_open(table: Table[Any]) -> None:
    """Once a seat has revealed (dealing 3), the seats are fixed: a new seat's entropy chosen after seeing the
    reveals could steer the deal."""
    if table.reveals_started:
        raise refuse("reveals_started", "a seat has revealed its entropy: the seats are fixed until the start")


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


def check_human(table: Table[Any], seat: int) -> None:
    """A seat a bot has taken over no longer takes its player's commands."""
    taken = table.seats[seat]
    if taken is None or taken.bot is not None:
        raise refuse("seat_gone", f"seat {seat} is no longer played by a person")


def time_out(rules: AnyGame, table: Table[Any], seats: list[int], seed: bytes) -> list[Any]:
    """The turn timer ran out for `seats`: a bot chooses once for each, and the move goes through `accept`."""
    events: list[Any] = []
    for seat in seats:
        if table.status != "active" or seat not in rules.awaiting(table.inner):
            continue
        move = rules.bot_move(table.inner, seat, TAKEOVER_BOT, Draws(key(table, seed), bot_label(seat, table.version)))
        step = accept(rules, table, TimeOut(seat=seat, command=move), "timer", seed)
        table = evolve_all(rules, table, step)
        events.extend(step)
    return events


def timed_out(rules: AnyGame, table: Table[Any], seat: int, move: Any, seed: bytes) -> list[Any]:
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
            return timed_out(rules, table, seat, game_command(rules, move), seed)
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


class BotMove(msgspec.Struct, frozen=True):
    seat: int
    level: str
    command: Any


def next_bot_move(rules: AnyGame, table: Table[Any], seed: bytes, budget: float = 1.0) -> BotMove | None:
    """The bot to play now and its move: an awaited bot first; when the game waits for people only, a bot
    that reacts (answers an open offer, proposes a trade); None when no bot has anything to do. `budget` scales
    an `expert` bot's search (domain/kernel/search.py)."""
    if table.status != "active" or table.inner is None:
        return None
    if table.bot_budget is not None:  # dealing 3: the game's own budget, so that an audit replays the same search
        budget = table.bot_budget / BOT_BUDGET
    awaited = rules.awaiting(table.inner)
    for seat in awaited:
        taken = table.seats[seat]
        if taken is not None and taken.bot is not None:
            draws = Draws(key(table, seed), bot_label(seat, table.version))
            return BotMove(seat, taken.bot, rules.bot_move(table.inner, seat, taken.bot, draws, budget))
    for seat, taken in enumerate(table.seats):
        if taken is not None and taken.bot is not None and seat not in awaited:
            draws = Draws(key(table, seed), reaction_label(seat, table.version))
            reaction = rules.bot_reaction(table.inner, seat, taken.bot, draws)
            if reaction is not None:
                return BotMove(seat, taken.bot, reaction)
    return None


def rematch(table: Table[Any], next_game_id: str) -> list[Any]:
    if table.status != "finished":
        raise refuse("game_not_finished", "only a finished game has a rematch")
    if table.rematch is not None:
        raise refuse("rematch_exists", f"the rematch is {table.rematch}", {"game_id": table.rematch})
    return [RematchCreated(game_id=next_game_id)]


def _ending(rules: AnyGame, table: Table[Any], events: list[Any], seed: bytes) -> list[Any]:
    inner = table.inner
    for event in events:
        inner = rules.evolve(inner, event)
    if not rules.is_over(inner):
        return []
    return [GameEnded(seed=seed.hex(), scores=rules.scores(inner), winners=rules.winners(inner))]


def initial(event: GameCreated) -> Table[Any]:
    return Table(
        game=event.game,
        game_id=event.game_id,
        players=event.players,
        options=event.options,
        seed_commitment=event.seed_commitment,
        seats=[None] * event.players,
        version=1,
        turn_seconds=event.turn_seconds,
        dealing=event.dealing,
        seed_source=event.seed_source,
        rules=event.rules,
        private=event.private,
        bot_budget=event.bot_budget,
    )


def evolve(rules: AnyGame, table: Table[Any], event: Any) -> Table[Any]:
    version = table.version + 1
    match event:
        case PlayerJoined(seat=seat, name=name, bot=bot, entropy=entropy):
            seats = list(table.seats)
            seats[seat] = Seat(name=name, bot=bot, entropy=entropy)
            return msgspec.structs.replace(table, seats=seats, version=version)
        case PlayerLeft(seat=seat):
            seats = list(table.seats)
            seats[seat] = None
            return msgspec.structs.replace(table, seats=seats, version=version)
        case BotTookOver(seat=seat, bot=bot):
            seats = list(table.seats)
            previous = seats[seat]
            seats[seat] = Seat(name=previous.name if previous else f"{bot} bot", bot=bot)
            return msgspec.structs.replace(table, seats=seats, version=version)
        case RematchCreated(game_id=next_game):
            return msgspec.structs.replace(table, rematch=next_game, version=version)
        case SeatForfeited() | TurnTimedOut() | CommandAccepted():
            return msgspec.structs.replace(table, version=version)
        case LobbyExpired():
            return msgspec.structs.replace(table, status="expired", version=version)
        case EntropyCommitted(seat=seat, commitment=committed):
            seats = list(table.seats)
            taken = seats[seat]
            assert taken is not None  # what `commit` and `join` checked
            seats[seat] = msgspec.structs.replace(taken, commitment=committed)
            return msgspec.structs.replace(table, seats=seats, version=version)
        case EntropyRevealed(seat=seat, entropy=entropy):
            seats = list(table.seats)
            taken = seats[seat]
            assert taken is not None  # what `reveal` checked
            seats[seat] = msgspec.structs.replace(taken, entropy=entropy)
            return msgspec.structs.replace(table, seats=seats, reveals_started=True, version=version)
        case GameStarted(entropy=entropy):
            options = msgspec.convert(table.options, rules.options_type)
            inner = rules.initial(table.players, options, table.rules)
            fairness = fairness_at_start(table)
            return msgspec.structs.replace(
                table, status="active", inner=inner, entropy=entropy, fairness=fairness, version=version
            )
        case GameEnded(seed=seed, scores=scores, winners=winners):
            return msgspec.structs.replace(
                table, status="finished", seed=seed, scores=scores, winners=winners, version=version
            )
        case DeckShuffled():
            inner = rules.evolve(table.inner, event)
            return msgspec.structs.replace(table, inner=inner, shuffles=table.shuffles + 1, version=version)
        case _:
            return msgspec.structs.replace(table, inner=rules.evolve(table.inner, event), version=version)


def evolve_all(rules: AnyGame, table: Table[Any], events: list[Any]) -> Table[Any]:
    """The table once `events` are applied in order."""
    for event in events:
        table = evolve(rules, table, event)
    return table


def fold(rules: AnyGame, events: list[Any]) -> Table[Any]:
    """Replay a whole stream; the first event must be `GameCreated`."""
    first = events[0]
    if not isinstance(first, GameCreated):
        raise ValueError("a stream starts with GameCreated")
    return evolve_all(rules, initial(first), events[1:])


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
