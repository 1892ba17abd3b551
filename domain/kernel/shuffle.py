"""The one shuffle of rules/dealing.md: HMAC-SHA256 blocks, rejection sampling, Fisher-Yates."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

_TWO_64 = 1 << 64


def shuffle_label(k: int) -> str:
    return f"shuffle:{k}"


def u64_stream(seed: bytes, label: str) -> Iterator[int]:
    keyed = hmac.new(seed, digestmod=hashlib.sha256)  # the key's pads once; each block copies them (a third faster)
    k = 0
    while True:
        mac = keyed.copy()
        mac.update(f"{label}:{k}".encode())
        block = mac.digest()
        for i in range(0, 32, 8):
            yield int.from_bytes(block[i : i + 8], "big")
        k += 1


class Draws:
    """Unbiased integers in [0, n) from one (seed, label) stream."""

    def __init__(self, seed: bytes, label: str) -> None:
        self._stream = u64_stream(seed, label)

    def draw(self, n: int) -> int:
        if n <= 0:
            raise ValueError("draw needs n >= 1")
        limit = (_TWO_64 // n) * n
        while True:
            u = next(self._stream)
            if u < limit:
                return u % n


def shuffle(seed: bytes, label: str, items: Sequence[T]) -> list[T]:
    a = list(items)
    draws = Draws(seed, label)
    for i in range(len(a) - 1, 0, -1):
        j = draws.draw(i + 1)
        a[i], a[j] = a[j], a[i]
    return a
