"""The ports the services need, one module a family; infra implements them (Postgres, Redis, memory).

Each value type stands beside the port that owns it. `from services.ports import X` names every one of them, as
when this was one module.
"""

from services.ports.archive import (
    Archive,
)
from services.ports.bots import (
    Mover,
)
from services.ports.clock import (
    SYSTEM_CLOCK,
    Clock,
    DueGames,
    SystemClock,
)
from services.ports.events import (
    Checkpoint,
    ConcurrencyConflict,
    DuplicateCommand,
    EventStore,
    GameRecord,
    Idempotency,
    LogEntry,
    NewEvent,
    RecordedEvent,
    Schema,
    SeatToken,
    StoredGame,
    StoreUnavailable,
)
from services.ports.keys import (
    ApiKey,
    KeyStore,
)
from services.ports.live import (
    Subscription,
    Wakeups,
)
from services.ports.news import (
    RecordNews,
)
from services.ports.projections import (
    Projections,
    ProjectionUnavailable,
    RebuildPlace,
)
from services.ports.webhooks import (
    Attempt,
    Breaker,
    Claimed,
    Delivery,
    GivenUp,
    NewDelivery,
    Outcome,
    SendCaps,
    Subscriber,
    Webhook,
    WebhookPoster,
    WebhookStore,
)

__all__ = [
    "SYSTEM_CLOCK",
    "ApiKey",
    "Archive",
    "Attempt",
    "Breaker",
    "Checkpoint",
    "Claimed",
    "Clock",
    "ConcurrencyConflict",
    "Delivery",
    "DueGames",
    "DuplicateCommand",
    "EventStore",
    "GameRecord",
    "GivenUp",
    "Idempotency",
    "KeyStore",
    "LogEntry",
    "Mover",
    "NewDelivery",
    "NewEvent",
    "Outcome",
    "ProjectionUnavailable",
    "Projections",
    "RebuildPlace",
    "RecordNews",
    "RecordedEvent",
    "Schema",
    "SeatToken",
    "SendCaps",
    "StoreUnavailable",
    "StoredGame",
    "Subscriber",
    "Subscription",
    "SystemClock",
    "Wakeups",
    "Webhook",
    "WebhookPoster",
    "WebhookStore",
]
