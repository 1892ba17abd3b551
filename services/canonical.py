"""The canonical JSON every dealing-3 hash is computed over: RFC 8785 (JSON Canonicalization Scheme).

An export loaded and saved again by any JSON library (compacted, pretty-printed, its keys reordered) holds the same
values, hence the same canonical bytes: the chain still verifies, while any change of a value breaks it. What Tapis
hashes holds no floating-point number (the verifiers refuse one where the record has integers), so the canonical
form is JSON with object keys sorted by their UTF-16 code units, no whitespace, and strings escaped as ECMAScript's
`JSON.stringify` escapes them.

msgspec writes exactly that, ordering keys by code point, which differs from UTF-16 order only between a character
above U+FFFF and one in U+E000..U+FFFF: when the text holds a character above U+FFFF (a four-byte UTF-8 sequence,
whose lead byte is 0xF0 to 0xF4), the reference implementation `rfc8785` (Trail of Bits) writes it instead.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import msgspec
import rfc8785

_ENCODER = msgspec.json.Encoder(order="sorted")
_ASTRAL = (b"\xf0", b"\xf1", b"\xf2", b"\xf3", b"\xf4")


def canonical(value: Any) -> bytes:
    """The RFC 8785 bytes of a JSON value (dicts, lists, str, int, bool, None)."""
    fast = _ENCODER.encode(value)
    if any(lead in fast for lead in _ASTRAL):
        return rfc8785.dumps(value)
    return fast


def stamp(moment: datetime) -> str:
    """A recorded time as every dealing-3 hash and export writes it: UTC, microseconds, `Z`."""
    return moment.astimezone(UTC).replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"
