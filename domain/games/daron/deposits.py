"""The shape of a deposit (plain, operator, joker), checked and enumerated in one place."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product

from domain.games.daron.cards import DOUBLE, JOKERS, NUMBERS, OPERATORS, is_number, joker_for, plus, value
from domain.kernel.errors import refuse


def operator_result(card: str, top: int) -> int:
    return 2 * top if card == DOUBLE else top + plus(card)


def near(ref: int, n: int) -> bool:
    return abs(n - ref) <= 1


def check_followers(ref: int, cards: list[str]) -> None:
    """Every card after the opening must be a number card in {ref-1, ref, ref+1}."""
    for card in cards:
        if card in JOKERS:
            raise refuse("joker_not_first", "a joker is only laid as the first card of a deposit")
        if card in OPERATORS:
            raise refuse("operator_not_first", f"{card} is only laid as the first card of a deposit")
        if not is_number(card):
            raise refuse("not_a_number_card", f"{card} cannot be deposited")
        if not near(ref, value(card)):
            raise refuse("not_adjacent", f"{card} is not {ref - 1}, {ref} or {ref + 1}", {"reference": ref})


def deposit_reference(top: int, cards: list[str]) -> tuple[int, list[str]]:
    """The reference the deposit sets, and the cards that must stay within one of it."""
    if not cards:
        raise refuse("empty_deposit", "a deposit lays at least one card")
    first, rest = cards[0], cards[1:]
    if first in OPERATORS:
        ref = operator_result(first, top)
        if not 1 <= ref <= 9:
            raise refuse("operator_out_of_range", f"{first} on {top} gives {ref}, outside 1..9")
        if not rest or rest[0] != str(ref):
            raise refuse("operator_needs_exact_value", f"{first} on {top} must be followed by a {ref}")
        return ref, rest[1:]
    if first in JOKERS:
        if first != joker_for(top):
            raise refuse("joker_wrong_parity", f"{first} cannot cover a {top}")
        if not rest or not is_number(rest[0]):
            raise refuse("joker_needs_number", "a joker is followed by the number card of your choice")
        return value(rest[0]), rest[1:]
    return top, cards


def check_deposit(top: int, cards: list[str]) -> None:
    ref, followers = deposit_reference(top, cards)
    check_followers(ref, followers)


def _runs(counts: Counter[str], ref: int, prefix: list[str]) -> Iterator[list[str]]:
    """Every multiset of held cards within one of `ref` after `prefix`, once per possible last value."""
    values = [v for v in (ref - 1, ref, ref + 1) if 1 <= v <= 9]
    for picks in product(*(range(counts[str(v)] + 1) for v in values)):
        rest = [str(v) for v, k in zip(values, picks, strict=True) for _ in range(k)]
        if not prefix and not rest:
            continue
        if not rest:
            yield list(prefix)
            continue
        for v, k in zip(values, picks, strict=True):
            if k:
                last = rest.index(str(v))
                yield [*prefix, *rest[:last], *rest[last + 1 :], str(v)]


def deposits(hand: list[str], top: int, jokers: bool = True) -> list[list[str]]:
    """Every legal deposit from `hand`: each set of cards, once per value it may end on (`jokers`: those opened by
    a joker too; a joker is only the first card of a turn)."""
    counts = Counter(hand)
    found: list[list[str]] = list(_runs(counts, top, []))
    for op in OPERATORS:
        ref = operator_result(op, top) if counts[op] else 0
        if 1 <= ref <= 9 and counts[str(ref)]:
            counts[str(ref)] -= 1
            found.extend(_runs(counts, ref, [op, str(ref)]))
            counts[str(ref)] += 1
    joker = joker_for(top)
    if jokers and counts[joker]:
        seen: set[tuple[tuple[str, ...], str]] = set()
        for n in NUMBERS:
            if not counts[n]:
                continue
            counts[n] -= 1
            for cards in _runs(counts, value(n), [joker, n]):
                key = (tuple(sorted(cards)), cards[-1])
                if key not in seen:
                    seen.add(key)
                    found.append(cards)
            counts[n] += 1
    return found
