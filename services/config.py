"""What the services need to know of the deployment."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServiceConfig:
    test_mode: bool = False  # a server for tests: a creator may choose the seed (the game says so)
    command_retries: int = 8
    bot_moves_per_command: int = 10_000
