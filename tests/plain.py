"""Service answers as JSON-like values, for tests that read them as the API's clients do."""

from __future__ import annotations

from typing import Any

import msgspec


def plain(answer: Any) -> Any:
    """A use case's typed answer (a msgspec Struct) as the dicts and lists its JSON holds."""
    return msgspec.to_builtins(answer)
