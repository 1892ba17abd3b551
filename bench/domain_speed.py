"""1. Domain: random-bot games per second and events per second per game, on one core; replay speed."""

from __future__ import annotations

import time
from typing import Any

import msgspec

from domain.games.registry import GAMES
from domain.kernel import table as tables
from services.codec import codec
from services.simulate import Plan, play_game

SECONDS = 2.0  # per game; at least MIN_GAMES are played whatever it takes
MIN_GAMES = 5


def players_for(game: str) -> int:
    return 3 if game == "barbu" else 4


def run() -> list[dict[str, Any]]:
    rows = []
    for game in GAMES:
        plan = Plan(game=game, players=players_for(game), bots=["random"], seed=b"bench")
        streams: list[list[Any]] = []
        events = commands = 0
        began = time.perf_counter()
        while len(streams) < MIN_GAMES or time.perf_counter() - began < SECONDS:
            recorded: list[Any] = []
            result = play_game(plan, len(streams), recorded)
            streams.append(recorded)
            events += result.events
            commands += result.commands
        played = time.perf_counter() - began
        fold_rate, decode_rate = replay_rates(game, streams)
        rows.append(
            {
                "game": game,
                "players": plan.players,
                "games": len(streams),
                "games_per_s": len(streams) / played,
                "events_per_s": events / played,
                "commands_per_game": commands / len(streams),
                "events_per_game": events / len(streams),
                "replay_events_per_s": fold_rate,
                "decode_replay_events_per_s": decode_rate,
            }
        )
    return rows


def replay_rates(game: str, streams: list[list[Any]]) -> tuple[float, float]:
    """Events folded per second, from objects and from their stored JSON (what a replay from Postgres does)."""
    game_codec = codec(game)
    rules = game_codec.rules
    total = sum(len(s) for s in streams)
    began = time.perf_counter()
    for stream in streams:
        tables.fold(rules, stream)
    fold_rate = total / (time.perf_counter() - began)
    encoded = [[msgspec.json.encode(e) for e in stream] for stream in streams]
    decoder = msgspec.json.Decoder(game_codec.event_type)
    began = time.perf_counter()
    for blobs in encoded:
        tables.fold(rules, [decoder.decode(b) for b in blobs])
    return fold_rate, total / (time.perf_counter() - began)


def report(rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        "| game | players | games | games/s | events/s | commands/game | replay events/s "
        "| JSON decode + replay events/s |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['game']} | {r['players']} | {r['games']} | {r['games_per_s']:,.1f} | {r['events_per_s']:,.0f} "
            f"| {r['commands_per_game']:,.0f} | {r['replay_events_per_s']:,.0f} "
            f"| {r['decode_replay_events_per_s']:,.0f} |"
        )
    return lines
