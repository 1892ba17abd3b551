"""What the services need to know of the deployment."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServiceConfig:
    test_mode: bool = False  # a server for tests: a creator may choose the seed (the game says so)
    command_retries: int = 8
    bot_moves_per_command: int = 4  # per request, when the bot runner runs (services/bots.py)
    bot_think_seconds: float = 0.0
    bot_trade_window_seconds: float = 5.0  # services/bot_runner.py: the trading window at a table with people
    bot_concurrency: int = 2
    bot_expert_budget: float = 1.0  # scales the `expert` bots' search (domain/kernel/search.py)
    # dealing 3: the start waits this long for committed seats to reveal, from the last change of the seats
    reveal_seconds: float = 120.0
