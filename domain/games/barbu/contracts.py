"""The seven contracts, which of them ban hearts in the first trick and which may end early."""

from __future__ import annotations

from typing import Literal

Contract = Literal["king_of_hearts", "queens", "hearts", "tricks", "last_trick", "salad", "reussite"]

CONTRACTS: tuple[Contract, ...] = ("king_of_hearts", "queens", "hearts", "tricks", "last_trick", "salad", "reussite")
REUSSITE: Contract = "reussite"
KING: Contract = "king_of_hearts"
HEARTS_BANNED_FIRST_TRICK = frozenset({"king_of_hearts", "queens", "hearts", "salad"})
ENDS_EARLY = frozenset({"king_of_hearts", "queens", "hearts"})
