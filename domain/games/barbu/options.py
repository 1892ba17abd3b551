"""Barbu options: which contracts are in play, a cap on rounds, the early end."""

from __future__ import annotations

import msgspec

from domain.games.barbu.contracts import CONTRACTS, Contract
from domain.kernel.errors import refuse

ROUNDS_CAP = 1000


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # a list, not a tuple: `to_builtins` keeps tuples, and GameCreated must hold the same value as its JSON
    contracts: list[Contract] = msgspec.field(default_factory=lambda: list(CONTRACTS))
    max_rounds: int | None = None
    early_end: bool = True

    @property
    def in_play(self) -> list[str]:
        """The contracts in play, in the rulebook's order whatever order the creator listed them in."""
        return [c for c in CONTRACTS if c in self.contracts]


def check(players: int, options: Options) -> None:
    if not options.contracts:
        raise refuse("invalid_options", "contracts must list at least one contract")
    if len(set(options.contracts)) != len(options.contracts):
        raise refuse("invalid_options", "contracts must not list a contract twice")
    if options.max_rounds is not None and not 1 <= options.max_rounds <= ROUNDS_CAP:
        raise refuse("invalid_options", f"max_rounds must be 1..{ROUNDS_CAP}")


def total_rounds(players: int, options: Options) -> int:
    """Every seat chooses every contract in play once, unless `max_rounds` cuts the game short."""
    rounds = players * len(options.contracts)
    return rounds if options.max_rounds is None else min(rounds, options.max_rounds)
