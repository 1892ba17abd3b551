"""What the services need to know of the deployment."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServiceConfig:
    allow_client_seeds: bool = True
    command_retries: int = 8
    bot_moves_per_command: int = 10_000
