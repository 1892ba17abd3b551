"""Settings from the environment; one place that names every knob (the README's configuration table)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def _flag(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


def _seconds_or_none(raw: str | None) -> float | None:
    return float(raw) if raw is not None and raw.strip() else None


@dataclass(frozen=True)
class Settings:
    database_url: str | None = None
    redis_url: str | None = None
    data_dir: Path = Path(".tapis")
    test_mode: bool = False  # client-chosen seeds (rules/dealing.md v2); never in production
    api_keys: tuple[str, ...] = ()
    require_api_key: bool = False
    max_body_bytes: int = 64 * 1024
    command_retries: int = 8
    pool_size: int = 10
    projector_interval: float = 0.5
    timer_interval: float = 1.0
    bot_grace_seconds: float = 5.0  # a game left waiting on a bot this long is woken (services/bot_sweeper.py)
    heartbeat_seconds: float = 15.0
    bot_moves_per_command: int = 10_000
    rate_failed_auth: str = "120/60"  # per client: COUNT/SECONDS, "0" = off (api/ratelimit.py)
    rate_commands: str = "1000/1"
    webhook_interval: float = 0.5
    webhook_timeout: float = 5.0  # seconds per outgoing call
    webhook_max_attempts: int = 12
    webhook_backoff: float = 1.0  # first retry after this, doubling up to webhook_backoff_max
    webhook_backoff_max: float = 300.0
    archive_after_seconds: float | None = None  # finished games older than this move to the archive; None = never
    archive_interval: float = 60.0

    @classmethod
    def from_env(cls) -> Settings:
        keys = tuple(k.strip() for k in os.environ.get("TAPIS_API_KEYS", "").split(",") if k.strip())
        return cls(
            database_url=os.environ.get("DATABASE_URL") or None,
            redis_url=os.environ.get("REDIS_URL") or None,
            data_dir=Path(os.environ.get("TAPIS_DATA_DIR", ".tapis")),
            test_mode=_flag("TAPIS_TEST_MODE", False),
            api_keys=keys,
            require_api_key=_flag("TAPIS_REQUIRE_API_KEY", False),
            heartbeat_seconds=float(os.environ.get("TAPIS_SSE_HEARTBEAT_SECONDS", "15")),
            max_body_bytes=int(os.environ.get("TAPIS_MAX_BODY_BYTES", str(64 * 1024))),
            pool_size=int(os.environ.get("TAPIS_POOL_SIZE", "10")),
            rate_failed_auth=os.environ.get("TAPIS_RATE_FAILED_AUTH", "120/60"),
            rate_commands=os.environ.get("TAPIS_RATE_COMMANDS", "1000/1"),
            webhook_timeout=float(os.environ.get("TAPIS_WEBHOOK_TIMEOUT_SECONDS", "5")),
            webhook_max_attempts=int(os.environ.get("TAPIS_WEBHOOK_MAX_ATTEMPTS", "12")),
            webhook_backoff=float(os.environ.get("TAPIS_WEBHOOK_BACKOFF_SECONDS", "1")),
            webhook_backoff_max=float(os.environ.get("TAPIS_WEBHOOK_BACKOFF_MAX_SECONDS", "300")),
            bot_grace_seconds=float(os.environ.get("TAPIS_BOT_GRACE_SECONDS", "5")),
            archive_after_seconds=_seconds_or_none(os.environ.get("TAPIS_ARCHIVE_AFTER_SECONDS")),
        )
