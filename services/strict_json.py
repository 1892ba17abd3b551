"""JSON read strictly, as every verifier reads an export (docs/fair-play.md, "The export a verifier reads").

Python's `json` (and msgspec) keep the last of two equal keys, read `17.0` where an integer belongs, and recurse once
per nesting level; an export read that way could show a verifier forged scores while every other tool reads the
real ones. Here a document is refused, with a stable code, when it is larger than `MAX_BYTES`, not UTF-8 JSON,
nested deeper than `MAX_DEPTH`, holds a key twice in one object, or a number that is not an integer of at most
2^53 - 1 in magnitude (what JavaScript, the web verifier's language, holds exactly).
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 64
SAFE_INTEGER = 2**53 - 1

# a JSON string (escapes included), or one bracket: what `too_deep` walks when the brackets are many
_STRUCTURE = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_OPENING = frozenset({b"[", b"{"})


class Malformed(ValueError):
    """What a verifier refuses to read (exit 2): `code` is stable (docs/fair-play.md), the message is ours."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def too_deep(raw: bytes, limit: int) -> bool:
    """Whether the JSON text nests arrays and objects more than `limit` deep (brackets inside strings do not count).

    Decoding such a text recursed once per level, to a RecursionError; this looks at the brackets without decoding,
    and only walks them when there are more than `limit` of them in all."""
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    depth = 0
    for match in _STRUCTURE.finditer(raw):
        token = match[0]
        if token in _OPENING:
            depth += 1
            if depth > limit:
                return True
        elif token[0] != 0x22:  # a closing bracket; a string is skipped whole
            depth -= 1
    return False


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise Malformed("duplicate_key", f"the key {key[:60]!r} appears twice in one object")
        seen[key] = value
    return seen


def _no_float(text: str) -> Any:
    raise Malformed("bad_number", f"{text[:40]} is not an integer: every number of the record is one")


def _integer(text: str) -> int:
    if len(text) > 17:  # 2^53 has 16 digits: no need to convert a longer one (a million digits would be slow)
        raise Malformed("bad_number", f"the integer {text[:20]}… is beyond ±(2^53 - 1)")
    value = int(text)
    if abs(value) > SAFE_INTEGER:
        raise Malformed("bad_number", f"the integer {text} is beyond ±(2^53 - 1)")
    return value


def strict_load(blob: bytes) -> Any:
    """The JSON value of `blob`, or Malformed naming why it is not one a verifier reads."""
    if len(blob) > MAX_BYTES:
        raise Malformed("too_large", f"the file has {len(blob):,} bytes; a verifier reads at most {MAX_BYTES:,}")
    if blob.startswith(b"\xef\xbb\xbf"):
        raise Malformed("not_json", "the file starts with a byte order mark: JSON is UTF-8 without one")
    try:
        text = blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Malformed("not_json", f"the file is not UTF-8 (byte {exc.start})") from None
    if too_deep(blob, MAX_DEPTH):
        raise Malformed("too_deep", f"arrays and objects are nested more than {MAX_DEPTH} deep")
    try:
        return json.loads(
            text,
            object_pairs_hook=_unique,
            parse_float=_no_float,
            parse_int=_integer,
            parse_constant=_no_float,
        )
    except json.JSONDecodeError as exc:
        raise Malformed("not_json", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:  # what too_deep rules out; kept so that no input ever gives a traceback
        raise Malformed("too_deep", "arrays and objects are nested too deep") from None
