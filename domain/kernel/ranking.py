"""Winners from totals: ties share the victory."""

from __future__ import annotations


def lowest(totals: list[int]) -> list[int]:
    best = min(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def highest(totals: list[int]) -> list[int]:
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]
