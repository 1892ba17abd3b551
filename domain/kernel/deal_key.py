"""Where a game's randomness comes from (docs/fair-play.md): the seed's public commitment, the seats' committed
entropy, and the key every shuffle and bot draw uses.

Version 1 shuffles with the seed itself. Version 2 binds the commitment to the game and mixes the seats' public
entropy into a deal key. Version 3 (games created from now on) takes each person's entropy by commit and reveal, so
that nobody, the operator included, can grind it against a seed they know; and keys the hash chain with a secret
derived from the seed (services/chain.py), so that no public hash lets anyone test a guess about a hidden card.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Sequence

DEALING = 3  # the version new games are dealt by
DEALINGS = (1, 2, 3)  # every version a recorded game may carry
ENTROPY_MAX = 64
# dealing 3: a person's entropy is 32 random bytes as lowercase hex, and its commitment a SHA-256 as lowercase hex
HEX64 = re.compile(r"[0-9a-f]{64}")


def commitment(dealing: int, game_id: str, seed: bytes) -> str:
    """The seed's commitment published in `GameCreated`: lowercase hex."""
    if dealing == 1:
        return hashlib.sha256(seed).hexdigest()
    return hashlib.sha256(f"tapis-commit-v{dealing}:{game_id}:".encode() + seed).hexdigest()


def deal_key(dealing: int, game_id: str, seed: bytes, entropy: Sequence[str]) -> bytes:
    """The key of every `shuffle:<k>` and bot draw: version 1 the seed; versions 2 and 3 HMAC(seed, game id, each
    seat's entropy as the start fixed it)."""
    if dealing == 1:
        return seed
    message = f"tapis-deal-v{dealing}:{game_id}".encode() + b"".join(b"\x00" + e.encode() for e in entropy)
    return hmac.new(seed, message, hashlib.sha256).digest()


def entropy_commitment(game_id: str, entropy: str) -> str:
    """Dealing 3: a person's commitment to its entropy, bound to the game (a commitment copied from another game
    opens to nothing here)."""
    return hashlib.sha256(f"tapis-entropy-v3:{game_id}:{entropy}".encode()).hexdigest()


def chain_key(game_id: str, seed: bytes) -> bytes:
    """Dealing 3: the key of the game's hash chain, secret while the seed is, anyone's once the end reveals it."""
    return hmac.new(seed, f"tapis-chain-v3:{game_id}".encode(), hashlib.sha256).digest()


def entropy_problem(entropy: object) -> str | None:
    """Why a seat's public `entropy` (dealing 2, and clients of dealing 3 that do not commit) is refused (a short
    reason, stable: the API's details say it), or None when valid: 1 to 64 printable ASCII characters."""
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


def hex64_problem(value: object) -> str | None:
    """Why a commitment or a revealed entropy (dealing 3) is refused, or None: exactly 64 lowercase hex digits."""
    if not isinstance(value, str):
        return "not_a_string"
    if not HEX64.fullmatch(value):
        return "not_64_lowercase_hex"
    return None
