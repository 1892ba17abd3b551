"""The servers a `tapis` command works on: the configured ones, or embedded ones under the data dir.

Its own module, below every CLI module that needs it (`api/cli.py` and the operator, key and webhook commands), so
that none of them imports another's entry point back (they had imported each other in a circle through `cli`).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from dataclasses import replace

from infra.settings import Settings


@contextlib.contextmanager
def backing_services(settings: Settings) -> Iterator[Settings]:
    """The configured servers, or embedded ones under the data dir (migrated) when none is configured."""
    if settings.database_url and settings.redis_url:
        yield settings
        return
    from infra.embedded import EmbeddedServers
    from infra.migrate import upgrade

    with EmbeddedServers(settings.data_dir.resolve()) as urls:
        upgrade(urls.database_url)
        sys.stderr.write(f"embedded Postgres at {urls.database_url}, Redis at {urls.redis_url}\n")
        yield replace(settings, database_url=urls.database_url, redis_url=urls.redis_url)
