"""Where a game's randomness comes from (rules/dealing.md): the seed's public commitment, and the key every
shuffle and bot draw uses. Version 1 shuffles with the seed itself; version 2 (games created from now on) binds the
commitment to the game and mixes the seats' public entropy into a deal key, so that nobody can choose the deal."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence

DEALING = 2  # the version new games are dealt by
DEALINGS = (1, 2)  # every version a recorded game may carry
ENTROPY_MAX = 64


def commitment(dealing: int, game_id: str, seed: bytes) -> str:
    """The seed's commitment published in `GameCreated`: lowercase hex."""
    if dealing == 1:
        return hashlib.sha256(seed).hexdigest()
    return hashlib.sha256(f"tapis-commit-v2:{game_id}:".encode() + seed).hexdigest()


def deal_key(dealing: int, game_id: str, seed: bytes, entropy: Sequence[str]) -> bytes:
    """The key of every `shuffle:<k>` and bot draw: version 1 the seed, version 2 HMAC(seed, game id, entropies)."""
    if dealing == 1:
        return seed
    message = f"tapis-deal-v2:{game_id}".encode() + b"".join(b"\x00" + e.encode() for e in entropy)
    return hmac.new(seed, message, hashlib.sha256).digest()


def entropy_problem(entropy: object) -> str | None:
    """Why a seat's `entropy` is refused (a short reason, stable: the API's details say it), or None when valid:
    1 to 64 printable ASCII characters."""
    if not isinstance(entropy, str):
        return "not_a_string"
    if not entropy:
        return "empty"
    if len(entropy) > ENTROPY_MAX:
        return "too_long"
    if not entropy.isascii():
        return "not_ascii"
    if not all(" " <= c <= "~" for c in entropy):
        return "not_printable"
    return None
