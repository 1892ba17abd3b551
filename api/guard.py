"""ASGI middleware: a path or a query string holding a control character is refused before any handler runs.

Ids and query values go to Postgres as text, and Postgres refuses a NUL byte in text (asyncpg raised
`CharacterNotInRepertoireError`, a 500, for `GET /v1/games/%00` and a dozen others). No id, name of a game or status
holds a control character, so one check here answers all of them, present and future, with a 400 and a stable code
(`invalid_path`, `invalid_query`), and nothing reaches a store.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Receive, Scope, Send

from services.errors import BadRequest

# C0 controls and DEL, raw or percent-encoded (a raw one in a request line is refused by the HTTP parser already)
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
CONTROL_IN_QUERY = re.compile(rb"[\x00-\x1f\x7f]|%(?:[01][0-9a-f]|7f)", re.IGNORECASE)


def bad_query_parameter(query: bytes) -> str | None:
    """The name of the first query parameter whose name or value holds a control character, or None."""
    if not CONTROL_IN_QUERY.search(query):
        return None
    for name, value in parse_qsl(query.decode("latin-1"), keep_blank_values=True, encoding="utf-8"):
        if CONTROL.search(name) or CONTROL.search(value):
            return CONTROL.sub("?", name)
    return None


class InputGuard:
    """Refuses, with 400, a decoded path holding a control character (`invalid_path`) and a query parameter whose
    name or value holds one (`invalid_query`, `details.parameter` names it)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == ScopeType.HTTP:
            if CONTROL.search(scope["path"]):
                raise BadRequest("the path holds a control character (such as NUL)", code="invalid_path")
            parameter = bad_query_parameter(scope["query_string"])
            if parameter is not None:
                raise BadRequest(
                    f"query parameter {parameter!r} holds a control character (such as NUL)",
                    code="invalid_query",
                    details={"parameter": parameter},
                )
        await self.app(scope, receive, send)
