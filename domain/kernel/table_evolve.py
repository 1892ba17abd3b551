"""The table's Decider, applying side: each event folded into the table, the game's own handed to the game."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.events import (
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
from domain.kernel.table_state import Fairness, Seat, Table


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
        case _ if isinstance(event, rules.event_types):
            return msgspec.structs.replace(table, inner=rules.evolve(table.inner, event), version=version)
    # neither the table's nor the game's: never handed to the game's evolve, which would pass over it in silence
    raise TypeError(f"{type(event).__name__} is an event of neither the table nor {rules.name}")


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
