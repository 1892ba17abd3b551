"""Request bodies: JSON only (415 otherwise), nested at most `MAX_DEPTH` levels, and typed strictly.

Litestar reads a body whatever its Content-Type, decodes it with no bound on nesting (JSON nested 1,000 levels deep,
a 2 KB body, raised RecursionError: a 500) and converts it to the handler's type leniently (`"players": "3"` and
`3.0` became 3). `TapisRequest`, the app's request class, decodes the JSON bodies of the handlers that take `data`;
`checked_command_body` checks the raw body of a command (api/command_route.py), which the game's own codec decodes
(strictly) in the service.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
from litestar import Request
from litestar.types import Empty

from services.errors import BadRequest, ServiceError
from services.strict_json import too_deep as nested_too_deep

MAX_DEPTH = 32  # arrays and objects within one another; every body of the API needs 4 at most
JSON = "application/json"

# `\u0000` not itself escaped (an even number of backslashes before it): the one way JSON writes a NUL character
_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")


class UnsupportedMediaType(ServiceError):
    status = 415
    code = "unsupported_media_type"


def too_deep(raw: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text nests arrays and objects more than `limit` deep (services/strict_json.py): Litestar
    decoded such a body recursively, to a RecursionError."""
    return nested_too_deep(raw, limit)


def holds_nul(raw: bytes) -> bool:
    """Whether a string of the JSON text holds a NUL character (`\\u0000`; a raw NUL byte is not JSON at all).

    Postgres holds no NUL in `text` or `jsonb`, and a `json` column that holds one fails every `->>` read: one
    player named "\\u0000" stopped the turn timer's query, for every game, at each of its steps."""
    return b"\\u0000" in raw and _NUL.search(raw) is not None


def require_json(request: Request[Any, Any, Any]) -> None:
    require_media_type(request.content_type[0].strip().lower())


def require_media_type(media_type: str) -> None:
    """`media_type`: the request's, lowercased and without its parameters."""
    if media_type != JSON:
        raise UnsupportedMediaType(
            f"a request body is JSON: send it with Content-Type: {JSON} (not {media_type or 'none'})",
            details={"accepted": [JSON]},
        )


def _invalid(message: str, errors: list[dict[str, str]] | None = None) -> BadRequest:
    return BadRequest(message, code="invalid_body", details=errors)


def schema_error(exc: msgspec.ValidationError) -> list[dict[str, str]]:
    """msgspec's "Expected `int`, got `str` - at `$.players`" as Litestar words its validation errors."""
    message, _, where = str(exc).partition(" - at `$")
    key = where.removeprefix(".").removesuffix("`")
    return [{"message": message, "key": key, "source": "body"} if key else {"message": message, "source": "body"}]


def decode_body(raw: bytes, target: Any | None) -> Any:
    """The JSON value of `raw` (builtins), refused unless it is JSON nested at most MAX_DEPTH deep and, given a
    `target` type, of that type without conversion (strict: no number from a string, no int from a float)."""
    if too_deep(raw):
        raise _invalid(f"the body nests arrays and objects more than {MAX_DEPTH} deep")
    if holds_nul(raw):
        raise _invalid("a string of the body holds a NUL character (\\u0000)")
    try:
        value = msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError) as exc:
        raise _invalid(f"the body is not JSON: {exc}") from exc
    if target is not None:
        try:
            msgspec.convert(value, target, strict=True)
        except msgspec.ValidationError as exc:
            raise _invalid("the body does not match the endpoint's schema", schema_error(exc)) from exc
    return value


class TapisRequest(Request[Any, Any, Any]):
    """The app's request class: `json()` (what Litestar decodes `data` from) is JSON-only, bounded and strict."""

    __slots__ = ()

    async def json(self) -> Any:
        if self._json is not Empty:
            return self._json
        raw = await self.body()
        require_json(self)
        field = self.route_handler.parsed_data_field
        self._json = self._connection_state.json = decode_body(raw or b"null", field.annotation if field else None)
        return self._json


def checked_command_body(raw: bytes, media_type: str) -> bytes:
    """`raw`, refused unless it is empty or JSON (by `media_type`), within the depth bound and free of NUL."""
    if raw:
        require_media_type(media_type)
        if too_deep(raw):
            raise BadRequest(f"the command nests arrays and objects more than {MAX_DEPTH} deep", code="invalid_command")
        if holds_nul(raw):
            raise BadRequest("a string of the command holds a NUL character (\\u0000)", code="invalid_command")
    return raw
